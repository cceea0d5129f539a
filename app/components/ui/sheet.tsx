// A drawer that slides over the page from the left or right edge (the mobile navigation).
import type { ReactNode } from "react";
import { cn } from "./cn";
import { NativeDialog } from "./dialog";

export function Sheet({
  side = "left",
  className,
  ...props
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  hideTitle?: boolean;
  side?: "left" | "right";
  className?: string;
  children?: ReactNode;
}) {
  return (
    <NativeDialog
      {...props}
      className={cn(
        "fixed inset-y-0 m-0 h-dvh max-h-none w-[85vw] max-w-xs overflow-y-auto",
        side === "left" ? "left-0 right-auto" : "right-0 left-auto",
        className,
      )}
    />
  );
}

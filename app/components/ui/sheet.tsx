// A drawer that slides over the page from the left or right edge (the mobile navigation).
import type { ReactNode } from "react";
import { cn } from "./cn";
import { NativeDialog } from "./dialog";

const WIDTHS = {
  /** Navigation drawers: most of a phone's width, never wider than 20 rem. */
  sm: "w-[85vw] max-w-xs",
  /** Panels with content (Task Center): the whole phone, 28 rem on larger screens. */
  md: "w-full max-w-md",
} as const;

export function Sheet({
  side = "left",
  size = "sm",
  className,
  ...props
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  hideTitle?: boolean;
  side?: "left" | "right";
  size?: keyof typeof WIDTHS;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <NativeDialog
      {...props}
      className={cn(
        "fixed inset-y-0 m-0 h-dvh max-h-none overflow-y-auto",
        WIDTHS[size],
        side === "left" ? "left-0 right-auto" : "right-0 left-auto",
        className,
      )}
    />
  );
}

// Small status pills; tones carry meaning (priority: high red, medium orange, low green).
import type { HTMLAttributes } from "react";
import { cn } from "./cn";

export type BadgeTone = "neutral" | "brand" | "red" | "orange" | "green" | "amber" | "blue" | "purple";

const TONES: Record<BadgeTone, string> = {
  neutral: "bg-slate-100 text-slate-800 ring-slate-300",
  brand: "bg-brand-100 text-brand-900 ring-brand-300",
  red: "bg-red-100 text-red-800 ring-red-300",
  orange: "bg-orange-100 text-orange-800 ring-orange-300",
  green: "bg-green-100 text-green-800 ring-green-300",
  amber: "bg-amber-100 text-amber-900 ring-amber-300",
  blue: "bg-blue-100 text-blue-800 ring-blue-300",
  purple: "bg-purple-100 text-purple-800 ring-purple-300",
};

export function Badge({ tone = "neutral", className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset", TONES[tone], className)}
      {...props}
    />
  );
}

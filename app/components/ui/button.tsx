// Buttons with large tap targets (44 px minimum) and high-contrast variants; `buttonClass` styles links alike.
import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "./cn";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "outline";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900",
  secondary: "bg-slate-100 text-slate-900 hover:bg-slate-200 active:bg-slate-300",
  outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 active:bg-slate-100",
  ghost: "bg-transparent text-slate-800 hover:bg-slate-100 active:bg-slate-200",
  danger: "bg-red-700 text-white hover:bg-red-800 active:bg-red-900",
};

const SIZES: Record<ButtonSize, string> = {
  // Compact on a desktop, a full 44 px thumb target on a phone.
  sm: "min-h-11 px-3 text-sm md:min-h-9",
  md: "min-h-11 px-4 text-base",
  lg: "min-h-12 px-5 text-lg",
  icon: "size-11",
};

export function buttonClass({ variant = "primary", size = "md", className }: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(
    "inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-semibold transition-colors select-none",
    "disabled:cursor-not-allowed disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className, type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass({ variant, size, className })} {...props} />;
});

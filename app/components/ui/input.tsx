// Text input sized for thumbs (44 px) with a visible focus ring; 16 px text so iOS does not zoom in.
import { forwardRef, type InputHTMLAttributes } from "react";
import { cn } from "./cn";

export const inputClass =
  "block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 " +
  "focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-100 " +
  // A field the server refused (fieldAria sets aria-invalid) is outlined red, not only named below it.
  "aria-invalid:border-red-600 aria-invalid:ring-1 aria-invalid:ring-red-600";

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  return <input ref={ref} className={cn(inputClass, className)} {...props} />;
});

// The page footer: the company copyright line with the current year.
export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white px-4 py-4 text-center text-sm text-slate-600">
      © {year} Golden Grain Rice Co. All rights reserved.
    </footer>
  );
}

// A page that exists in navigation but shows only its heading and one line (spec 000 stub pages).
import { Link } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";

export function StubPage({ title, line }: { title: string; line: string }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
      <Link to="/" className="mb-4 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-800 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Home
      </Link>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 text-base text-slate-700">{line}</p>
    </section>
  );
}

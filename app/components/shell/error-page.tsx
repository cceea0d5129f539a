// A full-page error message (404, access denied, unexpected errors) with a way back home.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Footer } from "./footer";

export function ErrorPage({ code, title, message, header }: { code: string; title: string; message: string; header?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      {header ?? (
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex h-14 max-w-7xl items-center px-4">
            <Link to="/" className="text-lg font-bold text-brand-800">
              Golden Grain
            </Link>
          </div>
        </header>
      )}
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
        <p className="text-6xl font-extrabold text-brand-600" aria-hidden="true">
          {code}
        </p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-2 text-base text-slate-700">{message}</p>
        <Link
          to="/"
          className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          Go to Home
        </Link>
      </main>
      <Footer />
    </div>
  );
}

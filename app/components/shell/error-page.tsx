// Full-page error messages (404, access denied, unexpected errors) with a way back home.
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";
import { Brand } from "./brand";
import { Footer } from "./footer";

export type ErrorInfo = { code: string; title: string; message: string };

/** Maps a caught route error to the spec's texts: 404, 403 'Access denied', else the router's fallback. */
export function describeRouteError(error: unknown, isResponse: boolean): ErrorInfo {
  if (isResponse) {
    const e = error as { status: number; statusText?: string; data?: unknown };
    const data = e.data;
    const text =
      typeof data === "string" && data.trim()
        ? data
        : data && typeof data === "object" && typeof (data as { error?: unknown }).error === "string"
          ? (data as { error: string }).error
          : "";
    if (e.status === 404) return { code: "404", title: "404 Not Found", message: "The page you are looking for does not exist." };
    if (e.status === 403) return { code: "403", title: "Access denied", message: text || "You do not have access to this page." };
    return { code: String(e.status), title: "Unexpected Application Error!", message: [`${e.status} ${e.statusText ?? ""}`.trim(), text].filter(Boolean).join(" — ") };
  }
  const message = error instanceof Error ? error.message : "Something went wrong.";
  return { code: "500", title: "Unexpected Application Error!", message };
}

export function ErrorContent({ code, title, message }: ErrorInfo) {
  return (
    <main id="main" className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-6xl font-extrabold text-brand-600" aria-hidden="true">
        {code}
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-base break-words text-slate-700">{message}</p>
      <Link to="/" className={buttonClass({ className: "mt-8" })}>
        Go to Home
      </Link>
    </main>
  );
}

export function ErrorPage({ header, ...info }: ErrorInfo & { header?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      {header ?? (
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex h-16 max-w-7xl items-center px-4">
            <Brand />
          </div>
        </header>
      )}
      <ErrorContent {...info} />
      <Footer />
    </div>
  );
}

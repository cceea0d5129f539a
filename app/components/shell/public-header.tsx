// The header on public pages (404 when signed out): the brand and a Log In link, or Home when signed in.
import { Link } from "@remix-run/react";
import { LogIn } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { Brand } from "./brand";

export function PublicHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4">
        <Brand />
        {signedIn ? (
          <Link to="/" className={buttonClass({ variant: "outline" })}>
            Home
          </Link>
        ) : (
          <Link to="/login" className={buttonClass({ variant: "primary" })}>
            <LogIn className="size-5" aria-hidden="true" />
            Log In
          </Link>
        )}
      </div>
    </header>
  );
}

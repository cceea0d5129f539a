// The error page inside the signed-in shell: the same header, navigation and footer as every page, so a dead link
// never strands anyone. Apart from error-page.tsx so pages outside the shell do not load the header with it.
import { AppHeader } from "./app-header";
import { ErrorContent, type ErrorInfo, type ShellData } from "./error-page";
import { Footer } from "./footer";
import { useSessionWatch } from "./session-watch";

/** The error inside the signed-in shell: same header, navigation and footer as every page, so a dead link never strands anyone. */
export function ShellErrorPage({ shell, ...info }: ErrorInfo & { shell: ShellData }) {
  useSessionWatch(shell.viewer.sessionExp, shell.now);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <AppHeader viewer={shell.viewer} nav={shell.nav} bell={shell.bell} />
      <ErrorContent {...info} />
      <Footer />
    </div>
  );
}

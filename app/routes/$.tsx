// Any path no other route claims: spec 002's '404 Not Found', inside the signed-in shell (navigation kept)
// for a signed-in viewer, with the public header otherwise. More specific splats (`api.$`) rank above this one.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { describeRouteError, ErrorPage, NOT_FOUND, type ShellData } from "~/components/shell/error-page";
import { ShellErrorPage } from "~/components/shell/shell-error-page";
import { PublicHeader } from "~/components/shell/public-header";
import { policies } from "~/domain/access/policy";
import { navItems } from "~/domain/shell/nav";
import { shellViewer } from "~/domain/shell/viewer";
import { authorize } from "~/lib/guard.server";

export const policy = policies.public;

type NotFoundData = { shell: ShellData | null };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  // The same shell data as the _app layout's loader, so the header and navigation are the viewer's own.
  const shell = viewer ? shellViewer(viewer) : null;
  const data: NotFoundData = {
    shell: shell && {
      now: context.app.now().toISOString(),
      viewer: shell,
      nav: navItems({ roleId: shell.roleId, isAdmin: shell.isAdmin, grants: shell.grants, email: shell.email }),
    },
  };
  throw Response.json(data, { status: 404, statusText: "Not Found" });
}

/** A form posted to a dead address is just as missing: 404 (in the shell), not Remix's 405 naming this file. */
export async function action(args: ActionFunctionArgs) {
  return loader(args);
}

export default function NotFound() {
  return <ErrorPage {...NOT_FOUND} header={<PublicHeader signedIn={false} />} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const shell = (error.data as NotFoundData | null)?.shell;
    if (shell) return <ShellErrorPage shell={shell} {...NOT_FOUND} />;
    return <ErrorPage {...NOT_FOUND} header={<PublicHeader signedIn={false} />} />;
  }
  return <ErrorPage {...describeRouteError(error, isRouteErrorResponse(error))} />;
}

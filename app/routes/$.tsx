// Any path no other route claims: '404 Not Found' for everyone, signed in or not (spec 002 section 2).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { describeRouteError, ErrorPage } from "~/components/shell/error-page";
import { PublicHeader } from "~/components/shell/public-header";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";

export const policy = policies.public;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await authorize(request, context, policy);
  // The header offers Log In only to visitors who are not signed in.
  throw Response.json({ signedIn: viewer !== null }, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return <NotFoundPage signedIn={false} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage signedIn={Boolean((error.data as { signedIn?: boolean } | null)?.signedIn)} />;
  }
  return <ErrorPage {...describeRouteError(error, isRouteErrorResponse(error))} />;
}

function NotFoundPage({ signedIn }: { signedIn: boolean }) {
  return (
    <ErrorPage
      code="404"
      title="404 Not Found"
      message="The page you are looking for does not exist."
      header={<PublicHeader signedIn={signedIn} />}
    />
  );
}

// GET /files/{key}?exp&sig[&dl][&fn]: the signed download link (the spec's presignedUrl). The signature is
// the credential, so the route is public; why that is safe is in docs/decisions/003-files.md.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { policies } from "~/domain/access/policy";
import { serveSignedFile } from "~/lib/files.server";
import { authorize } from "~/lib/guard.server";
import { noAction } from "~/lib/route.server";

export const policy = policies.public;

// No writes here: any non-GET gets a clean 405 (never Remix\'s message naming the route).
export const action = noAction(policy);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await authorize(request, context, policy);
  return serveSignedFile(context.app, request);
}

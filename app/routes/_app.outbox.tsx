// /outbox: the writes this phone keeps for the server (issue 23), for any signed-in viewer incl. passcode
// sessions. The list lives in the phone's IndexedDB, so the loader only guards the door and returns nothing.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { OutboxScreen } from "~/components/outbox/outbox-screen";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { noAction } from "~/lib/route.server";

export const policy = policies.viewer;

// No writes here: the screen's buttons act on the phone's outbox, never on a form post.
export const action = noAction(policy);

export const meta: MetaFunction = () => [{ title: "Waiting to send — Golden Grain" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await authorize(request, context, policy);
  return null;
}

export default function OutboxPage() {
  return <OutboxScreen />;
}

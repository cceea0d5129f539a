// Customer Service: a stub page (spec 000: only the heading and its line are shown).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { StubPage } from "~/components/shell/stub-page";
import { policies } from "~/domain/access/policy";
import { authorize } from "~/lib/guard.server";
import { noAction } from "~/lib/route.server";

export const policy = policies.staff;

// No writes here: any non-GET gets a clean 405 (never Remix\'s message naming the route).
export const action = noAction(policy);

export const meta: MetaFunction = () => [{ title: "Customer Service — Golden Grain" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await authorize(request, context, policy);
  return null;
}

export default function CustomerService() {
  return <StubPage title="Customer Service" line="Access support resources and resolve inquiries" />;
}

// /pick-list: the picking screen, outside the sign-in guard. The page only tells the gate who is here;
// every piece of order data comes from guarded /api calls made by the screen itself.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate, useRevalidator, useSearchParams } from "@remix-run/react";
import { useCallback } from "react";
import { PickingScreen } from "~/components/picking/picking-screen";
import { policies } from "~/domain/access/policy";
import { authorize, getPasscodeViewer } from "~/lib/guard.server";

export const policy = policies.public;

export const meta: MetaFunction = () => [{ title: "Pick List · Golden Grain Ops" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The same answers as GET /api/me and GET /api/picklist/session, read once with the page.
  const viewer = await authorize(request, context, policy);
  const passcode = await getPasscodeViewer(request, context.app);
  return {
    me: viewer ? { email: viewer.email, roleId: viewer.roleId, grants: viewer.grants.map((g) => ({ key: g.key })) } : null,
    passcode: passcode ? { authenticated: true, email: passcode.email, allowedLocations: passcode.allowedLocations } : { authenticated: false, email: null, allowedLocations: [] },
  };
}

export default function PickListRoute() {
  const { me, passcode } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const orderNumber = params.get("order")?.trim() || null;
  const passcodeEmail = passcode.email ?? (me?.email.startsWith("picklist+") ? me.email : null);

  const leave = useCallback(() => {
    // history.state.idx is React Router's position: above 0 means there is a page of ours to go back to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate("/");
  }, [navigate]);

  return (
    <PickingScreen
      orderNumber={orderNumber}
      gate={{ me, passcode: { authenticated: passcode.authenticated, allowedLocations: passcode.allowedLocations } }}
      passcodeEmail={passcodeEmail}
      onPasscodeLogin={() => revalidator.revalidate()}
      onLeave={leave}
    />
  );
}

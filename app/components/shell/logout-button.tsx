// Log Out: a plain form post, so it works before the page's JavaScript has loaded. As it leaves, the stops kept
// on this phone are forgotten (the service worker deletes its screen copies itself), and the bell stops calling.
import { Form } from "@remix-run/react";
import { LogOut } from "lucide-react";
import { Button } from "~/components/ui/button";
import { forgetDeliveryCopies } from "~/lib/floor-copies";
import { markSigningOut } from "~/lib/signing-out";

export function LogoutButton({ className }: { className?: string }) {
  return (
    <Form
      method="post"
      action="/logout"
      className={className}
      onSubmit={() => {
        markSigningOut();
        forgetDeliveryCopies();
      }}
    >
      <Button type="submit" variant="outline" className="w-full px-3">
        <LogOut className="size-5" aria-hidden="true" />
        Log Out
      </Button>
    </Form>
  );
}

// The signed-in shell's drawer (< 768 px): who is signed in, 'Main' and 'Management' links, Help and Log Out.
// Not on any page's first paint: app-header.tsx loads it when the page is idle, or on the first tap on the menu.
import type { NavItem } from "~/domain/shell/nav";
import type { ShellViewer } from "~/domain/shell/viewer";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Sheet } from "~/components/ui/sheet";
import { LifeBuoy } from "lucide-react";
import { LogoutButton } from "./logout-button";
import { ShellNavLink } from "./nav-link";
import { PasscodeBadge } from "./passcode-badge";
import { UserAvatar } from "./user-avatar";

const drawerLinkClass = (active: boolean) =>
  cn("flex min-h-12 items-center rounded-lg px-3 text-base font-semibold", active ? "bg-brand-100 text-brand-900" : "text-slate-800 hover:bg-slate-100");

function DrawerSection({ title, items, pathname }: { title: string; items: NavItem[]; pathname: string }) {
  if (!items.length) return null;
  return (
    <nav aria-label={title} className="px-3 py-2">
      <h3 className="px-2 pb-1 text-xs font-bold tracking-wider text-slate-500 uppercase">{title}</h3>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <ShellNavLink item={item} pathname={pathname} className={drawerLinkClass} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AppDrawer({ open, onClose, onHelp, viewer, nav, pathname }: { open: boolean; onClose: () => void; onHelp: () => void; viewer: ShellViewer; nav: NavItem[]; pathname: string }) {
  const main = nav.filter((n) => n.section === "main");
  const management = nav.filter((n) => n.section === "management");
  return (
    <Sheet open={open} onClose={onClose} title="Menu" side="left">
      <div className="flex items-center gap-3 border-b border-slate-100 px-5 py-3">
        <UserAvatar name={viewer.name} picture={viewer.picture} size={40} />
        <div className="min-w-0">
          <p className="truncate font-semibold">{viewer.name}</p>
          <p className="truncate text-sm text-slate-600">{viewer.roleLabel}</p>
        </div>
      </div>
      {viewer.isPasscode ? (
        <div className="px-5 pt-3">
          <PasscodeBadge />
        </div>
      ) : null}
      <DrawerSection title="Main" items={main} pathname={pathname} />
      <DrawerSection title="Management" items={management} pathname={pathname} />
      <div className="space-y-2 border-t border-slate-100 px-5 py-4">
        {viewer.canRequestHelp ? (
          <Button
            variant="danger"
            className="w-full"
            onClick={onHelp}
          >
            <LifeBuoy className="size-5" aria-hidden="true" />
            Help
          </Button>
        ) : null}
        <LogoutButton />
      </div>
    </Sheet>
  );
}

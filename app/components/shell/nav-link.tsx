// One link of the signed-in navigation (top bar or drawer); the active page is marked for screen readers.
import { NavLink } from "@remix-run/react";
import { isActivePath, type NavItem } from "~/domain/shell/nav";

/** One nav link, styled by where it stands (top bar or drawer); the active page is marked for screen readers. */
export function ShellNavLink({ item, pathname, className }: { item: NavItem; pathname: string; className: (active: boolean) => string }) {
  const active = isActivePath(item.to, pathname);
  return (
    <NavLink to={item.to} end={item.to === "/"} aria-current={active ? "page" : undefined} className={className(active)}>
      {item.label}
    </NavLink>
  );
}

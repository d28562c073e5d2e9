// Pure menu helpers: the Services groups filled from the service files, and the current section.

export interface MenuLink {
  name: string;
  path: string;
}
export interface MenuSub {
  name: string;
  path?: string | null;
  inside?: readonly MenuLink[] | null;
}
export interface MenuItem {
  name: string;
  path: string;
  match?: readonly string[] | null;
  sub?: readonly MenuSub[] | null;
}
export interface ServiceLink {
  title: string;
  path: string;
  group: string;
}

/** The Services item lists groups only; each service joins its group through its `group` field. */
export function buildMenu(items: readonly MenuItem[], services: readonly ServiceLink[]): MenuItem[] {
  return items.map((item) =>
    item.name !== "Services"
      ? item
      : {
          ...item,
          sub: (item.sub ?? []).map((group) => ({
            ...group,
            inside: services.filter((s) => s.group === group.name).map((s) => ({ name: s.title, path: s.path })),
          })),
        },
  );
}

const under = (pathname: string, prefix: string) =>
  prefix.endsWith("/") ? pathname.startsWith(prefix) : pathname === prefix || pathname.startsWith(`${prefix}/`);

/** Whether a top-level item is the section of the page at pathname (spec §2: the current section is underlined). */
export function isCurrentSection(item: MenuItem, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (item.path === path || (item.match ?? []).some((prefix) => under(path, prefix))) return true;
  return (item.sub ?? []).some(
    (sub) => (sub.path && under(path, sub.path)) || (sub.inside ?? []).some((link) => link.path === path),
  );
}

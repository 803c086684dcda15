import { Link as RouterLink, type LinkProps } from "react-router";

/** Props that steer React Router's navigation rather than the anchor: the server's anchor leaves them out. */
const ROUTER_ONLY = new Set([
  "to",
  "prefetch",
  "discover",
  "relative",
  "reloadDocument",
  "replace",
  "state",
  "preventScrollReset",
  "viewTransition",
  "mask",
  "defaultShouldRevalidate",
]);

/** A path the router would write back unchanged: absolute, no empty or dot segments to resolve. */
function plainPath(to: LinkProps["to"]): to is string {
  if (typeof to !== "string" || !to.startsWith("/")) return false;
  const path = to.split(/[?#]/, 1)[0];
  return !path.includes("//") && !/\/\.\.?(\/|$)/.test(path);
}

/**
 * The app's link to one of its own pages (biome keeps React Router's out of other files). In the browser it is React
 * Router's: client navigation, prefetch on intent. On the server a plain path renders as the anchor React Router would
 * write (`href` the path, `data-discover` for route discovery) without the hooks that serve only clicks and
 * prefetching: they took a tenth of the server's CPU for /home, which holds 46 links. The browser hydrates that anchor.
 */
export function Link(props: LinkProps) {
  // A constant in each build: the browser's bundle keeps only this line.
  if (!import.meta.env.SSR || !plainPath(props.to)) return <RouterLink {...props} />;
  const anchor: Record<string, unknown> = {};
  for (const name in props) if (!ROUTER_ONLY.has(name)) anchor[name] = props[name as keyof LinkProps];
  return <a {...anchor} href={props.to} data-discover={props.discover === "none" ? undefined : "true"} />;
}

import { Link } from "~/routing/link";
import type { ReactNode } from "react";
import { useHasPage } from "~/routing/page-paths";
import { redirectFor } from "~/routing/routing";

export { decodeQueryText, encodeQueryText, QUERY_TEXT_MAX } from "~/routing/query-text";
export { safeInternalPath } from "~/routing/routing";
/** The app's link to its own pages (app/routing/link.tsx): widgets link through it, never through React Router's. */
export { Link };

/**
 * Internal paths navigate in the app; http(s) links open as plain links; anything else is not a link. An internal path
 * no page config serves (an item of the platform's whose screen is not built yet) is not a link either: no dead ends.
 */
export function SmartLink({
  to,
  className,
  children,
  duplicate = false,
}: {
  to?: string | null;
  className?: string;
  children: ReactNode;
  /** A second way to a place a named link beside it already leads (an avatar beside the name): kept from keyboards and screen readers. */
  duplicate?: boolean;
}) {
  const hasPage = useHasPage();
  if (to?.startsWith("/") && !to.startsWith("//")) {
    const path = to.split(/[?#]/)[0];
    if (!hasPage(redirectFor(path, "") ?? path)) return <div className={className}>{children}</div>;
    return (
      <Link to={to} className={className} prefetch="intent" {...(duplicate ? { "aria-hidden": true, tabIndex: -1 } : {})}>
        {children}
      </Link>
    );
  }
  if (to && /^https?:\/\//.test(to)) {
    return (
      <a href={to} className={className} rel="noopener noreferrer" target="_blank">
        {children}
      </a>
    );
  }
  return <div className={className}>{children}</div>;
}

import { Link } from "react-router";
import type { ReactNode } from "react";

export { decodeQueryText, encodeQueryText, QUERY_TEXT_MAX } from "~/routing/query-text";

/** Internal paths navigate in the app; http(s) links open as plain links; anything else is not a link. */
export function SmartLink({ to, className, children }: { to?: string | null; className?: string; children: ReactNode }) {
  if (to?.startsWith("/") && !to.startsWith("//")) {
    return (
      <Link to={to} className={className} prefetch="intent">
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

import { useSyncExternalStore, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "~/routing/link";
import "./states.css";

/**
 * What a person is told where content is not there (ADR 079): nothing to show yet, the thing asked for does not exist,
 * it failed to load, or the device is offline. The one wording and look of these, for every data widget and for a
 * navigation that failed.
 */
export type NoticeKind = "empty" | "notFound" | "failed" | "offline";

/** The platform's code for a subject that does not exist (an order, an exchange, a gift card). */
export const NOT_FOUND_CODE = 404;

/** The kind of notice for a failed answer: offline first (whatever the code says, the device has no network), then not found. */
export function noticeKindOf(failure: { code?: number }, online: boolean): Exclude<NoticeKind, "empty"> {
  if (!online) return "offline";
  return failure.code === NOT_FOUND_CODE ? "notFound" : "failed";
}

function watchConnection(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the device has a network, as the browser knows it; the server assumes it has (it rendered the page). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    watchConnection,
    () => navigator.onLine,
    () => true,
  );
}

/** How to try again: a link to the page itself works before scripts (a reload) and after (a navigation that reloads data). */
export interface NoticeRetry {
  onRetry: () => void;
  /** Given where the page's own URL loads the data again, so the retry also works without scripts. */
  href?: string;
  retrying?: boolean;
}

interface Props {
  kind: NoticeKind;
  /** The widget's own words for its empty state ("还没有订单"); the shared wording otherwise. */
  text?: string;
  retry?: NoticeRetry;
  /** A way on that is not a retry (go shopping, back home). */
  action?: ReactNode;
  /** A title, for a notice that fills the page (a failed navigation). */
  title?: string;
  /** The widget's own class beside the shared one, where its layout places the notice. */
  className?: string;
}

const ICON_PATHS: Record<NoticeKind, string> = {
  empty: "M10 18h44v30H10zM10 28h44",
  notFound: "M28 14a14 14 0 1 1 0 28a14 14 0 1 1 0-28M38 38l14 14",
  failed: "M32 10 56 52H8zM32 26v12M32 44v2",
  offline: "M10 26a32 32 0 0 1 44 0M18 34a20 20 0 0 1 28 0M26 42a8 8 0 0 1 12 0M12 12l40 40",
};

function RetryControl({ retry }: { retry: NoticeRetry }) {
  const { t } = useTranslation("faults");
  const label = retry.retrying ? t("retrying") : t("retry");
  if (retry.href) {
    return (
      <Link className="button state-retry" to={retry.href} replace preventScrollReset onClick={retry.onRetry} aria-disabled={retry.retrying || undefined}>
        {label}
      </Link>
    );
  }
  return (
    <button type="button" className="button state-retry" onClick={retry.onRetry} disabled={retry.retrying}>
      {label}
    </button>
  );
}

export function StateNotice({ kind, text, retry, action, title, className }: Props) {
  const { t } = useTranslation("common");
  const Heading = title ? "h1" : null;
  return (
    <div className={`state-notice state-${kind}${className ? ` ${className}` : ""}`} role="status" data-state={kind}>
      <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true">
        <path d={ICON_PATHS[kind]} fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {Heading && <Heading className="state-notice-title">{title}</Heading>}
      <p className="state-notice-text">{text || t(`state.${kind}`)}</p>
      {(retry || action) && (
        <div className="state-notice-actions">
          {retry && <RetryControl retry={retry} />}
          {action}
        </div>
      )}
    </div>
  );
}

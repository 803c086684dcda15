import { noticeKindOf, StateNotice, useOnline } from "../kit/page";

/**
 * A widget's own call that failed (not the page's data source, which the renderer states), told as every data state is
 * (ADR 079): not found without a retry, offline or failed with one. Back online, a retry needs only a tap.
 */
export function AnswerFailed({ failure, onRetry, className }: { failure: { code?: number }; onRetry: () => void; className?: string }) {
  const online = useOnline();
  const kind = noticeKindOf(failure, online);
  return <StateNotice kind={kind} className={className} retry={kind === "notFound" ? undefined : { onRetry }} />;
}

/** The browser window as polling needs it: its visibility, its connection and the events that say they changed. */
export interface PollWindow {
  document: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">;
  navigator: Pick<Navigator, "onLine">;
  addEventListener: Window["addEventListener"];
  removeEventListener: Window["removeEventListener"];
}

/** Coming back to a tab fires both `focus` and `visibilitychange`: reads closer together than this are one read. */
const RETURN_THROTTLE_MS = 5_000;

/**
 * Reads again every `intervalMs` while the page is shown and online, and at once when the viewer comes back to the tab
 * or the connection comes back: what swr's refreshInterval, revalidateOnFocus and revalidateOnReconnect gave, without
 * swr (5 KB) on the first load of the pages that poll (ADR 028). The page's own data counts as the first read.
 * `read` answers undefined when it failed: what is shown stays. An answer overtaken by a newer read, or arriving after
 * polling stopped, is dropped. Returns the function that stops polling (an effect's cleanup).
 */
export function pollWhileShown<T>(
  read: () => Promise<T | undefined>,
  onAnswer: (value: T) => void,
  intervalMs: number,
  target: PollWindow = window,
): () => void {
  const active = () => target.document.visibilityState !== "hidden" && target.navigator.onLine;
  let lastRead = Date.now();
  let latest = 0;
  let stopped = false;
  const readNow = async () => {
    lastRead = Date.now();
    const request = ++latest;
    const value = await read().catch(() => undefined);
    if (!stopped && request === latest && value !== undefined) onAnswer(value);
  };
  const onTick = () => {
    if (active()) void readNow();
  };
  const onReturn = () => {
    if (active() && Date.now() - lastRead >= RETURN_THROTTLE_MS) void readNow();
  };
  const timer = setInterval(onTick, intervalMs);
  target.addEventListener("focus", onReturn);
  target.addEventListener("online", onReturn);
  target.document.addEventListener("visibilitychange", onReturn);
  return () => {
    stopped = true;
    clearInterval(timer);
    target.removeEventListener("focus", onReturn);
    target.removeEventListener("online", onReturn);
    target.document.removeEventListener("visibilitychange", onReturn);
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pollWhileShown, type PollWindow } from "./poll";

/** A browser window of the test's own: its tab can be hidden and shown, its connection lost and found. */
function fakeWindow() {
  const document = Object.assign(new EventTarget(), { visibilityState: "visible" as DocumentVisibilityState });
  const navigator = { onLine: true };
  const events = new EventTarget();
  const target: PollWindow = {
    document,
    navigator,
    addEventListener: events.addEventListener.bind(events) as PollWindow["addEventListener"],
    removeEventListener: events.removeEventListener.bind(events) as PollWindow["removeEventListener"],
  };
  return {
    target,
    hide: () => {
      document.visibilityState = "hidden";
      document.dispatchEvent(new Event("visibilitychange"));
    },
    show: () => {
      document.visibilityState = "visible";
      document.dispatchEvent(new Event("visibilitychange"));
      events.dispatchEvent(new Event("focus"));
    },
    goOffline: () => {
      navigator.onLine = false;
      events.dispatchEvent(new Event("offline"));
    },
    goOnline: () => {
      navigator.onLine = true;
      events.dispatchEvent(new Event("online"));
    },
  };
}

const INTERVAL = 30_000;

describe("pollWhileShown", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads again on every interval and hands each answer over, not at start (the page's data is the first read)", async () => {
    const browser = fakeWindow();
    let status = 1;
    const read = vi.fn(async () => status);
    const answers: number[] = [];
    pollWhileShown(read, (value) => answers.push(value), INTERVAL, browser.target);
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(read).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    status = 2;
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(read).toHaveBeenCalledTimes(2);
    expect(answers).toEqual([1, 2]);
  });

  it("does not read while the tab is hidden, and reads once at once when the viewer comes back to it", async () => {
    const browser = fakeWindow();
    const read = vi.fn(async () => "living");
    pollWhileShown(read, () => {}, INTERVAL, browser.target);
    browser.hide();
    await vi.advanceTimersByTimeAsync(3 * INTERVAL);
    expect(read).not.toHaveBeenCalled();
    // Coming back fires visibilitychange and focus: one read, not two.
    browser.show();
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    // A return right after a read does not read again.
    browser.hide();
    browser.show();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("does not read while offline, and reads when the connection comes back", async () => {
    const browser = fakeWindow();
    const read = vi.fn(async () => "over");
    pollWhileShown(read, () => {}, INTERVAL, browser.target);
    browser.goOffline();
    await vi.advanceTimersByTimeAsync(2 * INTERVAL);
    expect(read).not.toHaveBeenCalled();
    browser.goOnline();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("a failed read keeps what is shown; an overtaken answer and one after stopping are dropped", async () => {
    const browser = fakeWindow();
    const pending: Array<(value: string | undefined) => void> = [];
    const read = () => new Promise<string | undefined>((resolve) => pending.push(resolve));
    const answers: string[] = [];
    const stop = pollWhileShown(read, (value) => answers.push(value), INTERVAL, browser.target);
    await vi.advanceTimersByTimeAsync(2 * INTERVAL);
    pending[1]("newer");
    pending[0]("older");
    await vi.advanceTimersByTimeAsync(INTERVAL);
    pending[2](undefined);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    stop();
    pending[3]("after stop");
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(answers).toEqual(["newer"]);
    expect(pending).toHaveLength(4);
    browser.show();
    browser.goOnline();
    expect(pending).toHaveLength(4);
  });

  it("a read that throws is a failed read, not an unhandled rejection", async () => {
    const browser = fakeWindow();
    const answers: string[] = [];
    pollWhileShown<string>(
      () => Promise.reject(new Error("network down")),
      (value) => answers.push(value),
      INTERVAL,
      browser.target,
    );
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(answers).toEqual([]);
  });
});

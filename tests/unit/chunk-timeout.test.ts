/** Spec §9: the chunk-load time-out is 120 s; a page's code that has not come by then fails instead of hanging. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeout, withinChunkTimeout } from "~/renderer/chunk-timeout";

describe("withinChunkTimeout", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("fails a load still pending after 120 s, and not a moment before", async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const stalled = withinChunkTimeout(new Promise<never>(() => {}));
    const outcome = stalled.then(
      () => "loaded",
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadTimeout);
    expect((error as Error).message).toContain("120 s");
  });

  it("answers a load that arrives in time, keeps its own failure, and leaves no timer behind", async () => {
    const late = new Promise<string>((resolve) => setTimeout(() => resolve("module"), 90_000));
    const loaded = withinChunkTimeout(late);
    await vi.advanceTimersByTimeAsync(90_000);
    await expect(loaded).resolves.toBe("module");
    expect(vi.getTimerCount()).toBe(0);
    await expect(withinChunkTimeout(Promise.reject(new TypeError("Failed to fetch dynamically imported module")))).rejects.toBeInstanceOf(TypeError);
    expect(vi.getTimerCount()).toBe(0);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { count, renderWidget } from "@tests/unit/render-widget";
import { $audioTimeMs, $track } from "../kit/audio";
import { chapterToPlay, clock, showChapterInUrl } from "./component";

const book = {
  id: 7,
  title: "货币的逻辑",
  author: "陈立华",
  cover: "/media/poster/7.svg",
  chapters: [
    { id: 21, position: 1, title: "第一讲 货币是什么", durationMs: 35_900, free: true, locked: false },
    { id: 22, position: 2, title: "第二讲 银行如何创造货币", durationMs: 41_200, free: false, locked: true },
  ],
  resume: { chapterId: 22, positionMs: 1000 },
};

describe("audioPlayer", () => {
  it("plays the chapter asked for, else where the listener left off, else the first", () => {
    expect(chapterToPlay(book, 21)).toBe(21);
    expect(chapterToPlay(book, 999)).toBe(22);
    expect(chapterToPlay({ ...book, resume: null }, null)).toBe(21);
    expect(clock(61_500)).toBe("1:01");
  });

  it("renders the chapter, its controls and the chapter list before the player takes over", async () => {
    const html = await renderWidget("audioPlayer", {
      props: { unlockLink: "/bookUnlock" },
      source: "book",
      data: { book: { status: "ok", value: book } },
      query: { chapterId: "21" },
    });
    expect(html).toContain("<h1>第一讲 货币是什么</h1>");
    expect(html).toContain('aria-label="后退 15 秒"');
    expect(html).toContain('<option value="2">2×</option>');
    expect(count(html, /<li[ >]/g)).toBe(2);
    expect(html).toContain(">未解锁<");
  });

  afterEach(() => {
    $track.set(null);
    $audioTimeMs.set(0);
  });

  it("shows the chapter that plays, not the one the URL first asked for, and never a time past its end", async () => {
    const [first, second] = book.chapters;
    $track.set({
      book: { id: book.id, title: book.title, author: book.author, narrator: "", cover: book.cover },
      chapter: { ...second, locked: false },
      chapters: book.chapters,
      audioUrl: "/media/audio/22.mp3",
      transcript: [{ startMs: 0, endMs: 41_200, text: "银行发放贷款时创造存款。" }],
      previousId: first.id,
      nextId: null,
      resumeMs: 0,
    });
    $audioTimeMs.set(42_000);
    const html = await renderWidget("audioPlayer", {
      props: { unlockLink: "/bookUnlock" },
      source: "book",
      data: { book: { status: "ok", value: book } },
      query: { chapterId: "21" },
    });
    expect(html).toContain("<h1>第二讲 银行如何创造货币</h1>");
    expect(html).toMatch(/<li class="current"><button type="button"><span>第二讲/);
    expect(html).toContain("银行发放贷款时创造存款。");
    expect(html).toContain("<time>0:41</time><time>0:41</time>");
  });

  it("writes the playing chapter into the address in place, keeping the router's state and the rest of the query", () => {
    const routerState = { usr: null, key: "k1", idx: 3 };
    const replaceState = vi.fn();
    vi.stubGlobal("window", {
      location: { href: "https://h5.example/bookAudioPlay?id=7&chapterId=21&from=list" },
      history: { state: routerState, replaceState },
    });
    try {
      showChapterInUrl(22);
      expect(replaceState).toHaveBeenCalledTimes(1);
      const [state, , url] = replaceState.mock.calls[0];
      expect(state).toBe(routerState);
      expect(String(url)).toBe("https://h5.example/bookAudioPlay?id=7&chapterId=22&from=list");
      // Already there: the history is left alone.
      window.location.href = String(url);
      showChapterInUrl(22);
      expect(replaceState).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

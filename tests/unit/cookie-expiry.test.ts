/** Spec §9: a cookie lasts 11 days unless it says otherwise; a landing module's linkNo lasts 30. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COOKIE_DAYS_DEFAULT, rememberLinkNo, setCookie } from "~/browser/storage";

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const DAY = 86_400_000;
let written: string[] = [];

describe("cookies the browser writes", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    written = [];
    const memory = new Map<string, string>();
    const storage = {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => memory.set(key, value),
      removeItem: () => {},
    };
    vi.stubGlobal("window", { location: { protocol: "https:" }, localStorage: storage, sessionStorage: storage });
    vi.stubGlobal("localStorage", storage);
    vi.stubGlobal("sessionStorage", storage);
    vi.stubGlobal("document", {
      set cookie(line: string) {
        written.push(line);
      },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("expire after 11 days unless told otherwise", () => {
    expect(COOKIE_DAYS_DEFAULT).toBe(11);
    setCookie("lang", "en");
    expect(written).toEqual([`lang=en; Expires=${new Date(NOW + 11 * DAY).toUTCString()}; Path=/; SameSite=Lax; Secure`]);
  });

  it("keep a landing link's linkNo for 30 days, and a removed cookie expires at once", () => {
    rememberLinkNo("?linkNo=spring_2026");
    setCookie("lang", null);
    expect(written).toEqual([
      `linkNo=spring_2026; Expires=${new Date(NOW + 30 * DAY).toUTCString()}; Path=/; SameSite=Lax; Secure`,
      "lang=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax; Secure",
    ]);
  });
});

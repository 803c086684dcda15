import { describe, expect, it } from "vitest";
import { count, hrefs, renderWidget } from "@tests/unit/render-widget";

const week = (signedDays: number, signedToday: boolean) =>
  Array.from({ length: 7 }, (_, index) => ({
    day: index + 1,
    points: [5, 5, 10, 10, 15, 15, 30][index],
    signed: index < signedDays,
    today: index === (signedToday ? signedDays - 1 : signedDays),
  }));

describe("signinCard", () => {
  it("shows the streak, the week with the signed days and today's points on the button", async () => {
    const html = await renderWidget("signinCard", {
      props: { ledgerLink: "/pointLog" },
      source: "tasks",
      data: { tasks: { status: "ok", value: { balance: 120, signin: { signedToday: false, streak: 2, todayPoints: 10, week: week(2, false) } } } },
    });
    expect(html).toContain("已连续签到 2 天");
    expect(count(html, 'class="signin-day signed"')).toBe(2);
    expect(html).toContain('class="signin-day today"');
    expect(html).toContain(">签到 +10<");
    expect(html).toContain(">120<");
    expect(hrefs(html)).toEqual(["/pointLog"]);
  });

  it("disables the button once signed in today", async () => {
    const html = await renderWidget("signinCard", {
      source: "tasks",
      lang: "en",
      data: { tasks: { status: "ok", value: { balance: 5, signin: { signedToday: true, streak: 1, todayPoints: 5, week: week(1, true) } } } },
    });
    expect(html).toMatch(/disabled=""[^>]*>Signed in today</);
    expect(html).toContain("Signed in 1 day in a row");
  });
});

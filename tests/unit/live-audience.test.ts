/**
 * A live room's audience and invitations (ADR 081): one invite code per person and room, everyone counted once
 * (twenty at once included), credited to the first invite they came with and never to their own; and live search.
 */
import { describe, expect, it } from "vitest";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { INVITE_CODE, inviteLink } from "@contracts/audience";

const api = useEmbeddedPlatform("2027-05-02T03:00:00.000Z", { captchaTestMode: true });
const { call } = api;
const plans = () => api.platform.db.prepare("SELECT id FROM items WHERE kind = 'live' ORDER BY id LIMIT 2").pluck().all() as number[];

describe("invitations", () => {
  it("gives each person one code per room, the same on every ask; visitors must log in", async () => {
    const [planId, otherPlanId] = plans();
    const host = await api.newUser();
    const first = await call("/planInvite/myInvite", { token: host.token, query: { planId: String(planId) } });
    expect(first.body.data).toMatchObject({ planId, invitedCount: 0 });
    expect(first.body.data.code).toMatch(INVITE_CODE);
    const again = await call("/planInvite/myInvite", { token: host.token, query: { planId: String(planId) } });
    expect(again.body.data.code).toBe(first.body.data.code);
    const other = await call("/planInvite/myInvite", { token: host.token, query: { planId: String(otherPlanId) } });
    expect(other.body.data.code).not.toBe(first.body.data.code);
    expect((await call("/planInvite/myInvite", { query: { planId: String(planId) } })).body.code).not.toBe(200);
    expect(inviteLink("https://scholar.example", planId, "abcdEFGH12")).toBe(`https://scholar.example/viewLive?id=${planId}&invite=abcdEFGH12`);
  });

  it("counts each person once, credits the first invite only, never one's own, and lists who came through it", async () => {
    const [, planId] = plans();
    const host = await api.newUser();
    api.platform.db.prepare("UPDATE users SET nickname = '邀请测试读者' WHERE id = ?").run(host.id);
    const { code } = (await call("/planInvite/myInvite", { token: host.token, query: { planId: String(planId) } })).body.data;
    const own = await call("/audience/join", { method: "POST", token: host.token, body: { planId, invite: code } });
    expect(own.body.data).toMatchObject({ joined: true, invited: false });

    const guests = await Promise.all(Array.from({ length: 20 }, () => api.newUser()));
    const joins = await Promise.all(guests.map((guest) => call("/audience/join", { method: "POST", token: guest.token, body: { planId, invite: code } })));
    expect(joins.every((join) => join.body.data.joined && join.body.data.invited)).toBe(true);
    const repeats = await Promise.all(
      guests.slice(0, 5).map((guest) => call("/audience/join", { method: "POST", token: guest.token, body: { planId, invite: code } })),
    );
    expect(repeats.every((join) => !join.body.data.joined && !join.body.data.invited)).toBe(true);

    const mine = await call("/relevant/invitedList", { token: host.token, query: { planId: String(planId) } });
    expect(mine.body.data.total).toBe(20);
    expect(mine.body.data.list).toHaveLength(20);
    expect((await call("/planInvite/myInvite", { token: host.token, query: { planId: String(planId) } })).body.data.invitedCount).toBe(20);
    const audience = await call("/audience/list", { query: { planId: String(planId) } });
    expect(audience.body.data.total).toBe(21);
    expect(audience.body.data.list.map((person: { name: string }) => person.name)).toContain("邀请测试读者");
    expect(JSON.stringify(audience.body.data)).not.toMatch(/188\d{8}/);
  });

  it("ignores a code of another room or a malformed one, and refuses unknown rooms", async () => {
    const [planId, otherPlanId] = plans();
    const host = await api.newUser();
    const { code } = (await call("/planInvite/myInvite", { token: host.token, query: { planId: String(planId) } })).body.data;
    const guest = await api.newUser();
    const elsewhere = await call("/audience/join", { method: "POST", token: guest.token, body: { planId: otherPlanId, invite: code } });
    expect(elsewhere.body.data).toMatchObject({ joined: true, invited: false });
    const bad = await call("/audience/join", { method: "POST", token: guest.token, body: { planId, invite: "<script>" } });
    expect(bad.body.data).toMatchObject({ joined: true, invited: false });
    expect((await call("/audience/join", { method: "POST", token: guest.token, body: { planId: 999999 }, lang: "en" })).body).toMatchObject({
      code: 404,
      message: "No such live",
    });
  });
});

describe("/live/searchList", () => {
  it("finds lives by a phrase of the title, speaker or institution in either language, % and _ taken literally", async () => {
    const plan = api.platform.db.prepare("SELECT id, title, title_en, author_name_en FROM items WHERE kind = 'live' ORDER BY id LIMIT 1").get() as {
      id: number;
      title: string;
      title_en: string;
      author_name_en: string;
    };
    for (const keyword of [plan.title.slice(0, 4), plan.title_en.split(" ").slice(0, 2).join(" ").toUpperCase(), plan.author_name_en]) {
      const found = await call("/live/searchList", { query: { keyword, pageSize: "50" } });
      expect(found.body.data.keyword).toBe(keyword);
      expect(found.body.data.list.map((item: { id: number }) => item.id)).toContain(plan.id);
    }
    expect((await call("/live/searchList", { query: { keyword: "%" } })).body.data.total).toBe(0);
    expect((await call("/live/searchList", { query: { keyword: "  " } })).body.data).toMatchObject({ list: [], total: 0 });
  });
});

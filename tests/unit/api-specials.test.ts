/**
 * The embedded platform's event calls (conferences and live specials): details with a live state read from the
 * server's clock, agenda, guests and partners, the sign-up window and forms (agreement required, one sign-up per
 * person, capacity), and seats — where the database itself keeps two people from taking one seat.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmbeddedPlatform, type EmbeddedPlatform } from "@platform/index.server";
import { answerChecker } from "./contract-fixture";
import { eventState, nextJanuaryDeadline, planState, SPECIAL_IDS, sessionPlanId } from "@platform/specials/index.server";
import { PREVIEW_CLOCK_HEADER, PREVIEW_CLOCK_TTL_MS, signPreviewClock } from "@contracts/preview-clock.server";

interface Body {
  code: number;
  message: string;
  data?: any;
}

const SEEDED_AT = new Date("2026-11-20T04:00:00.000Z");
let clock = SEEDED_AT;
let directory: string;
let file: string;
let platform: EmbeddedPlatform;

beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), "api-specials-"));
  file = join(directory, "p.sqlite");
  platform = createEmbeddedPlatform({ file, now: () => clock, captchaTestMode: true, log: () => {} });
}, 60_000);

afterAll(() => {
  platform?.close();
  rmSync(directory, { recursive: true, force: true });
});

const checkAnswer = answerChecker();

async function call(path: string, body: Record<string, unknown> = {}, options: { token?: string; lang?: "zh" | "en" } = {}): Promise<Body> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (options.token) headers.token = options.token;
  if (options.lang) headers.lang = options.lang;
  const response = await platform.api.fetch(new Request(`http://embedded/api${path}`, { method: "POST", headers, body: JSON.stringify(body) }));
  const answer = (await response.json()) as Body;
  checkAnswer("POST", path, answer);
  return answer;
}

async function read(path: string, body: Record<string, unknown> = {}, token?: string) {
  const answer = await call(path, body, { token });
  expect(answer.code, `${path}: ${answer.message}`).toBe(200);
  return answer.data;
}

let phones = 0;
/** A user logged in by SMS code, as the login dialog does. */
async function login(): Promise<{ token: string; id: number }> {
  phones += 1;
  const phone = `1370000${String(phones).padStart(4, "0")}`;
  expect((await call("/web/sendMessageWithCaptcha", { randStr: "r", ticket: "t", phoneNum: phone, prefix: "86" })).code).toBe(200);
  const code = platform.db.prepare("SELECT code FROM outbox WHERE recipient LIKE ? ORDER BY id DESC LIMIT 1").pluck().get(`%${phone}`) as string;
  const answer = await call("/web/loginMessage", { userName: phone, mobilePrefix: "86", smsVerifyCode: code });
  expect(answer.code, answer.message).toBe(1);
  return { token: answer.data.token, id: answer.data.user.id };
}

describe("event details", () => {
  it("a campaign special has its fixed id, bilingual fields, deadline, and a live entry", async () => {
    const special = await read("/special/detail", { id: SPECIAL_IDS.abferac });
    expect(special.kind).toBe("liveSpecial");
    expect(special.title).toBe("ABFER 2027年会");
    expect(special.titleEn).toBe("ABFER 2027 Annual Conference");
    expect([special.city, special.cityEn]).toEqual(["新加坡", "Singapore"]);
    expect(special.deadline).toBe("2027-01-13T10:00:00.000Z");
    expect(special.status).toBe(0);
    expect(special.seatCount).toBe(112);
    expect(special.livePlanId).toBe(sessionPlanId(7, 0));
    expect(special.liveLink).toBe(`/viewLive?id=${sessionPlanId(7, 0)}`);
    expect(special.link).toBe("/abferac");
  });

  it("live states come from the server's clock: a series is living while a session is, past events offer their replay", async () => {
    expect((await read("/special/detail", { id: SPECIAL_IDS.liveSpec2 })).status).toBe(2);
    const past = await read("/special/detail", { id: SPECIAL_IDS["2023ames"] });
    expect(past.status).toBe(4);
    expect(past.liveLink).toMatch(/^\/viewLive\?id=\d+$/);
    expect((await read("/special/detail", { id: SPECIAL_IDS.liveSpec })).status).toBe(0);
  });

  it("eventState: living while a plan is, between plans the next one's state, after the end the replay", () => {
    const plans = [
      { id: 1, startsAt: "2027-01-01T11:00:00Z", endsAt: "2027-01-01T13:00:00Z", hasRecording: true },
      { id: 2, startsAt: "2027-01-08T11:00:00Z", endsAt: "2027-01-08T13:00:00Z", hasRecording: false },
    ];
    const event = { startsAt: "2027-01-01T11:00:00Z", endsAt: "2027-01-08T13:00:00Z" };
    expect(eventState(event, plans, new Date("2026-12-20T00:00:00Z"))).toMatchObject({ status: 0, featured: { id: 1 } });
    expect(eventState(event, plans, new Date("2027-01-01T12:00:00Z"))).toMatchObject({ status: 2, featured: { id: 1 } });
    expect(eventState(event, plans, new Date("2027-01-08T01:00:00Z"))).toMatchObject({ status: 1, featured: { id: 2 } });
    expect(eventState(event, plans, new Date("2027-02-01T00:00:00Z"))).toMatchObject({ status: 4, featured: { id: 1 } });
    expect(eventState({ startsAt: event.startsAt, endsAt: event.endsAt }, [], new Date("2027-02-01T00:00:00Z"))).toEqual({ status: 3, featured: null });
    expect(planState({ ...plans[1] }, new Date("2027-02-01T00:00:00Z"))).toBe(3);
  });

  it("the spec's deadline example, 13 January 18:00 Beijing time, is always ahead of the seed", () => {
    expect(nextJanuaryDeadline(new Date("2026-11-20T00:00:00Z")).toISOString()).toBe("2027-01-13T10:00:00.000Z");
    expect(nextJanuaryDeadline(new Date("2027-01-12T00:00:00Z")).toISOString()).toBe("2028-01-13T10:00:00.000Z");
  });

  it("agenda, guests and partners of a special and of a seeded conference", async () => {
    const agenda = await read("/special/agenda", { specialId: SPECIAL_IDS.abferac });
    expect(agenda.total).toBeGreaterThanOrEqual(10);
    expect(agenda.list[0]).toMatchObject({ kind: "opening", title: "开幕式", titleEn: "Opening ceremony", place: "主会场", placeEn: "Main hall" });
    expect(agenda.list[0].startTime).toBe("2027-05-21T00:30:00.000Z");
    const keynote = agenda.list.find((slot: { kind: string }) => slot.kind === "keynote");
    expect(keynote.speakerName).toBeTruthy();
    expect(keynote.speakerNameEn).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);

    const guests = await read("/guest/list", { specialId: SPECIAL_IDS.abferac });
    expect(guests.total).toBe(8);
    expect(guests.list[0].link).toMatch(/^\/person\?authorCode=A\d+$/);

    const partners = await read("/special/sponsorList", { specialId: SPECIAL_IDS.abferac });
    expect(partners.list.map((partner: { tier: string }) => partner.tier)).toEqual(["host", "coHost", "coHost", "sponsor", "media"]);

    const meeting = (await read("/meeting/list", { status: "0", pageSize: 1 })).list[0];
    expect((await read("/special/agenda", { specialId: meeting.id })).total).toBeGreaterThan(5);
    expect((await read("/guest/list", { specialId: meeting.id })).total).toBeGreaterThanOrEqual(4);
    const detail = await read("/special/detail", { id: meeting.id });
    expect(detail.deadline).toBe(meeting.deadline);
  });

  it("refuses what is not an event", async () => {
    expect((await call("/special/detail", { id: "abc" })).code).toBe(400);
    expect((await call("/special/detail", { id: 1 })).code).toBe(404);
    expect((await call("/special/agenda", { specialId: 999999999 }, { lang: "en" })).message).toBe("No such event");
  });
});

describe("signing up", () => {
  it("is open to all, but only a logged-in user with the agreement accepted may sign up, once", async () => {
    const state = await read("/signData/isCanAdd", { specialId: SPECIAL_IDS.liveSpec });
    expect(state).toMatchObject({ canAdd: true, reason: "open", form: "specialEnroll", enrolled: false });

    expect((await call("/special/enroll", { specialId: SPECIAL_IDS.liveSpec, agree: true })).code).toBe(401);
    const user = await login();
    const refused = await call("/special/enroll", { specialId: SPECIAL_IDS.liveSpec }, { token: user.token });
    expect(refused.code).toBe(400);
    expect(refused.message).toBe("请阅读并同意用户协议和隐私政策");
    expect(refused.data.fields).toEqual({ agree: "spec:signUp.errors.agreeRequired" });
    expect((await call("/special/enroll", { specialId: SPECIAL_IDS.liveSpec, agree: false }, { token: user.token })).code).toBe(400);

    const done = await call("/special/enroll", { specialId: SPECIAL_IDS.liveSpec, agree: true }, { token: user.token });
    expect(done.code, done.message).toBe(200);
    expect(done.message).toBe("报名成功");
    expect(done.data).toMatchObject({ reason: "enrolled", enrolled: true, enrollCount: 1 });
    expect(await read("/signData/isCanAdd", { specialId: SPECIAL_IDS.liveSpec }, user.token)).toMatchObject({
      canAdd: false,
      reason: "enrolled",
      enrolledAt: SEEDED_AT.toISOString(),
    });
    expect(await read("/special/isEnroll", { specialId: SPECIAL_IDS.liveSpec }, user.token)).toEqual({
      enrolled: true,
      enrolledAt: SEEDED_AT.toISOString(),
      seat: null,
    });

    const again = await call("/special/enroll", { specialId: SPECIAL_IDS.liveSpec, agree: true }, { token: user.token, lang: "en" });
    expect(again).toMatchObject({ code: 409, message: "You have already signed up" });
    expect(platform.db.prepare("SELECT COUNT(*) FROM special_enrollments WHERE special_id = ?").pluck().get(SPECIAL_IDS.liveSpec)).toBe(1);
  });

  it("an event that asks for details takes them through /signData/add, validated by the form's schema", async () => {
    const user = await login();
    expect((await call("/special/enroll", { specialId: SPECIAL_IDS.abferac, agree: true }, { token: user.token })).code).toBe(400);

    const missing = await call("/signData/add", { specialId: SPECIAL_IDS.abferac, realName: " ", agree: true }, { token: user.token, lang: "en" });
    expect(missing.code).toBe(400);
    expect(missing.data.fields).toEqual({ realName: "spec:signUp.errors.realNameRequired", orgName: "spec:signUp.errors.orgRequired" });
    expect(missing.message).toBe("Please enter your name");
    const badEmail = await call(
      "/signData/add",
      { specialId: SPECIAL_IDS.abferac, realName: "陈静", orgName: "复旦大学", email: "not-an-email", agree: true },
      { token: user.token },
    );
    expect(badEmail.data.fields).toEqual({ email: "verify:errors.emailInvalid" });

    const done = await call(
      "/signData/add",
      { specialId: SPECIAL_IDS.abferac, realName: " 陈静 ", orgName: "复旦大学经济学院", position: "副教授", email: "Jing.Chen@Example.org", agree: true },
      { token: user.token },
    );
    expect(done.code, done.message).toBe(200);
    const row = platform.db
      .prepare("SELECT real_name, org_name, position, email FROM sign_data WHERE special_id = ? AND user_id = ?")
      .get(SPECIAL_IDS.abferac, user.id);
    expect(row).toEqual({ real_name: "陈静", org_name: "复旦大学经济学院", position: "副教授", email: "jing.chen@example.org" });
  });

  it("answers a console preview's signed moment as if it were then, and refuses a preview clock it cannot check (ADR 089)", async () => {
    const path = "/signData/isCanAdd";
    const ask = async (clockHeader: string) => {
      const headers = { "Content-Type": "application/json", [PREVIEW_CLOCK_HEADER]: clockHeader };
      const body = JSON.stringify({ specialId: SPECIAL_IDS["2023ames"] });
      return (await platform.api.fetch(new Request(`http://embedded/api${path}`, { method: "POST", headers, body }))).json() as Promise<Body>;
    };
    const signed = (at: string, forPath = path, signedAt = clock) => signPreviewClock(platform.previewClockSecret, new Date(at), forPath, signedAt);
    // The window of 2023 AMES: 2023-05-01 09:00 to 2023-07-20 18:00, Beijing time.
    expect((await ask(signed("2023-04-30T00:00:00Z"))).data).toMatchObject({ canAdd: false, reason: "notStarted" });
    expect((await ask(signed("2023-06-01T00:00:00Z"))).data).toMatchObject({ canAdd: true, reason: "open" });
    expect((await ask(signed("2023-07-21T00:00:00Z"))).data).toMatchObject({ canAdd: false, reason: "closed" });

    const stale = new Date(clock.getTime() - PREVIEW_CLOCK_TTL_MS - 1);
    const tampered = signed("2023-06-01T00:00:00Z").replace(/^\d+/, String(Date.parse("2023-06-02T00:00:00Z")));
    for (const refused of [signed("2023-06-01T00:00:00Z", "/signData/add"), signed("2023-06-01T00:00:00Z", path, stale), tampered, "1685577600000"]) {
      expect(await ask(refused), refused).toMatchObject({ code: 403, message: "preview clock not accepted" });
    }
  });

  it("a closed, a not yet open and a full event refuse, and say why", async () => {
    const user = await login();
    expect(await read("/signData/isCanAdd", { specialId: SPECIAL_IDS["2023ames"] })).toMatchObject({ canAdd: false, reason: "closed" });
    const closed = await call(
      "/signData/add",
      { specialId: SPECIAL_IDS["2023ames"], realName: "陈静", orgName: "复旦大学", agree: true },
      { token: user.token },
    );
    expect(closed).toMatchObject({ code: 403, message: "报名已截止" });

    const opensLater = new Date(SEEDED_AT.getTime() + 86_400_000).toISOString();
    platform.db.prepare("UPDATE special_signup SET opens_at = ? WHERE special_id = ?").run(opensLater, SPECIAL_IDS.liveSpec6);
    expect(await read("/signData/isCanAdd", { specialId: SPECIAL_IDS.liveSpec6 })).toMatchObject({ reason: "notStarted", opensAt: opensLater });

    platform.db.prepare("UPDATE special_signup SET capacity = 1 WHERE special_id = ?").run(SPECIAL_IDS.liveSpec2);
    const first = await login();
    expect((await call("/special/enroll", { specialId: SPECIAL_IDS.liveSpec2, agree: true }, { token: first.token })).code).toBe(200);
    expect(await call("/special/enroll", { specialId: SPECIAL_IDS.liveSpec2, agree: true }, { token: user.token })).toMatchObject({
      code: 403,
      message: "报名人数已满",
    });
  });

  it("closes at the deadline on the server's clock", async () => {
    const user = await login();
    clock = new Date("2027-01-13T10:00:00.000Z");
    try {
      expect(await read("/signData/isCanAdd", { specialId: SPECIAL_IDS.abferac })).toMatchObject({ canAdd: false, reason: "closed" });
      expect(
        (await call("/signData/add", { specialId: SPECIAL_IDS.abferac, realName: "林杰", orgName: "厦门大学", agree: true }, { token: user.token })).code,
      ).toBe(403);
    } finally {
      clock = SEEDED_AT;
    }
  });
});

describe("seats", () => {
  const specialId = SPECIAL_IDS.liveSpec3;
  const signUp = async (token: string) => {
    const answer = await call("/signData/add", { specialId, realName: "学者", orgName: "大学", agree: true }, { token });
    expect(answer.code, answer.message).toBe(200);
  };
  const seatId = (row: string, number: number) =>
    platform.db.prepare("SELECT id FROM special_seats WHERE special_id = ? AND row_label = ? AND number = ?").pluck().get(specialId, row, number) as number;

  it("the plan lists every seat, reserved ones as such, and tells a visitor nothing personal", async () => {
    const plan = await read("/seat/list", { specialId });
    expect(plan.total).toBe(60);
    expect(plan.rows).toEqual(["A", "B", "C", "D", "E", "F"]);
    expect(plan.columns).toBe(10);
    expect(
      plan.list.filter((seat: { state: string }) => seat.state === "reserved").map((seat: { row: string; number: number }) => `${seat.row}${seat.number}`),
    ).toEqual(["A1", "A2", "A3", "A4"]);
    expect(plan).toMatchObject({ free: 56, enrolled: false, mySeatId: null });
  });

  it("choosing needs a sign-up, refuses a reserved seat, and moving frees the old seat", async () => {
    const user = await login();
    expect(await call("/seat/choose", { specialId, seatId: seatId("C", 5) }, { token: user.token })).toMatchObject({
      code: 403,
      message: "请先报名，再选择座位",
    });
    await signUp(user.token);
    expect((await call("/seat/choose", { specialId, seatId: seatId("A", 1) }, { token: user.token })).code).toBe(409);
    const chosen = await call("/seat/choose", { specialId, seatId: seatId("C", 5) }, { token: user.token });
    expect(chosen).toMatchObject({ code: 200, message: "选座成功：C排5座", data: { row: "C", number: 5 } });
    const moved = await call("/seat/choose", { specialId, seatId: seatId("C", 6) }, { token: user.token });
    expect(moved.code).toBe(200);
    const plan = await read("/seat/list", { specialId }, user.token);
    expect(plan.mySeatId).toBe(seatId("C", 6));
    expect(plan.list.find((seat: { id: number }) => seat.id === seatId("C", 5)).state).toBe("free");
    expect(await read("/special/isEnroll", { specialId }, user.token)).toMatchObject({ enrolled: true, seat: { row: "C", number: 6 } });
  });

  it("the second of two people choosing one seat is told so and sees it taken; the first keeps it", async () => {
    const first = await login();
    const second = await login();
    await signUp(first.token);
    await signUp(second.token);
    const seat = seatId("D", 3);
    const [a, b] = await Promise.all([
      call("/seat/choose", { specialId, seatId: seat }, { token: first.token }),
      call("/seat/choose", { specialId, seatId: seat }, { token: second.token, lang: "en" }),
    ]);
    expect(a.code, a.message).toBe(200);
    expect(b).toMatchObject({ code: 409, message: "Someone else has just taken this seat. Please choose another one", data: { state: "taken" } });
    const seen = await read("/seat/list", { specialId }, second.token);
    expect(seen.list.find((entry: { id: number }) => entry.id === seat).state).toBe("taken");
    expect(seen.mySeatId).toBeNull();
    expect((await read("/seat/list", { specialId }, first.token)).mySeatId).toBe(seat);

    // The loser who already had a seat keeps it: the move is one transaction.
    const kept = seatId("D", 4);
    expect((await call("/seat/choose", { specialId, seatId: kept }, { token: second.token })).code).toBe(200);
    expect((await call("/seat/choose", { specialId, seatId: seat }, { token: second.token })).code).toBe(409);
    expect((await read("/seat/list", { specialId }, second.token)).mySeatId).toBe(kept);
  });

  it("the database refuses a second person on a seat and a second seat for a person, from any connection", () => {
    const other = new Database(file);
    try {
      other.pragma("busy_timeout = 5000");
      const [seat, taker] = other.prepare("SELECT seat_id, user_id FROM seat_assignments WHERE special_id = ? LIMIT 1").raw().get(specialId) as [
        number,
        number,
      ];
      const stranger = other.prepare("SELECT id FROM users WHERE id NOT IN (SELECT user_id FROM seat_assignments) LIMIT 1").pluck().get() as number;
      const insert = other.prepare("INSERT INTO seat_assignments (seat_id, special_id, user_id, created_at) VALUES (?, ?, ?, ?)");
      expect(() => insert.run(seat, specialId, stranger, SEEDED_AT.toISOString())).toThrow(expect.objectContaining({ code: "SQLITE_CONSTRAINT_PRIMARYKEY" }));
      expect(() => insert.run(seatId("F", 9), specialId, taker, SEEDED_AT.toISOString())).toThrow(
        expect.objectContaining({ code: "SQLITE_CONSTRAINT_UNIQUE" }),
      );
    } finally {
      other.close();
    }
  });

  it("an event that is over takes no more seat changes", async () => {
    const user = await login();
    await signUp(user.token);
    clock = new Date("2027-06-01T00:00:00.000Z");
    try {
      expect((await call("/seat/choose", { specialId, seatId: seatId("E", 2) }, { token: user.token })).code).toBe(403);
    } finally {
      clock = SEEDED_AT;
    }
  });
});

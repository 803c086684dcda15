/**
 * The platform's event admin calls (ADR 071): the console reads and saves an event's sign-up, guests and agenda; the
 * public calls then answer what was saved; bad input is refused in the caller's language, naming the entry as the
 * console numbers it, and nothing of a refused save is written.
 */
import { describe, expect, it } from "vitest";
import { Ajv } from "ajv";
import { readContract } from "@contracts/api-contracts.server";
import { SPECIAL_IDS } from "@platform/specials/index.server";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";

const platform = useEmbeddedPlatform("2026-11-20T04:00:00.000Z", { captchaTestMode: true });
const specialId = SPECIAL_IDS["2023ames"];

const read = async () => (await platform.call("/opsConsole/event", { method: "GET", query: { specialId: String(specialId) } })).body;
const save = (body: Record<string, unknown>, lang: "zh" | "en" = "en") =>
  platform.call("/opsConsole/event/save", { body: { specialId, by: "ops-publisher", ...body }, lang });

const GUESTS = [
  { name: "林一", nameEn: "Lin Yi", org: "北京大学", orgEn: "Peking University", role: "host", portraitUrl: "/uploads/lin.jpg" },
  { name: "陈二", nameEn: "Chen Er", org: "复旦大学", orgEn: "Fudan University", role: "speaker", portraitUrl: "" },
];

describe("/opsConsole/event", () => {
  it("reads the event with its seeded sign-up, guests and agenda", async () => {
    const body = await read();
    expect(body.code).toBe(200);
    expect(body.data.event).toMatchObject({ id: specialId, kind: expect.any(String) });
    expect(body.data.signUp).toMatchObject({ form: expect.stringMatching(/^special/), requiredFields: [], enrollCount: expect.any(Number) });
    expect(body.data.guests.length).toBeGreaterThan(0);
    expect(body.data.agenda.length).toBeGreaterThan(0);
  });

  it("moves the event to new dates and a new place, checking the sign-up against the new dates in the same save", async () => {
    const details = {
      title: "2027计量经济学会亚洲会议",
      titleEn: "AMES 2027",
      startsAt: "2027-04-10T09:00:00+08:00",
      endsAt: "2027-04-12T18:00:00+08:00",
      venue: "一号楼",
      venueEn: "Building 1",
      city: "北京",
      cityEn: "Beijing",
    };
    const lateSignUp = { opensAt: null, closesAt: "2027-05-01T00:00:00+08:00", capacity: 400, form: "specialEnroll", requiredFields: [] };
    const refused = await save({ details, signUp: lateSignUp });
    expect(refused.body.data.problems).toEqual([{ field: "signUp/closesAt", message: "Sign-up must close before the event ends" }]);
    const saved = await save({ details, signUp: { ...lateSignUp, closesAt: "2027-04-09T18:00:00+08:00" } });
    expect(saved.body.data.event).toMatchObject({ titleEn: "AMES 2027", startsAt: "2027-04-10T01:00:00.000Z", venueEn: "Building 1", cityEn: "Beijing" });
    const detail = (await platform.call("/special/detail", { body: { id: specialId } })).body.data;
    expect(detail).toMatchObject({ titleEn: "AMES 2027", venueEn: "Building 1", deadline: "2027-04-09T10:00:00.000Z", capacity: 400 });
  });

  it("saves a window, seats, required fields and an agreement, which the public sign-up state then follows", async () => {
    const signUp = {
      opensAt: "2026-12-01T09:00:00+08:00",
      closesAt: "2026-12-20T18:00:00+08:00",
      capacity: 400,
      form: "specialSignUp",
      requiredFields: ["email"],
      agreement: "同意主办方使用报名信息",
      agreementEn: "I agree the organiser uses these details",
    };
    const event = (await read()).data.event;
    const closesAt = event.endsAt && Date.parse(event.endsAt) < Date.parse(signUp.closesAt) ? event.endsAt : signUp.closesAt;
    const saved = await save({ signUp: { ...signUp, closesAt, opensAt: new Date(Date.parse(closesAt) - 86_400_000 * 5).toISOString() } });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data.signUp).toMatchObject({ capacity: 400, form: "specialSignUp", requiredFields: ["email"], agreementEn: signUp.agreementEn });
    const state = await platform.call("/signData/isCanAdd", { body: { specialId } });
    expect(state.body.data).toMatchObject({ capacity: 400, form: "specialSignUp", deadline: new Date(closesAt).toISOString(), agreement: signUp.agreementEn });
    const inChinese = await platform.call("/signData/isCanAdd", { body: { specialId }, lang: "zh" });
    expect(inChinese.body.data.agreement).toBe(signUp.agreement);
  });

  it("holds a sign-up to the fields the operator made required, at the field and in the person's language", async () => {
    const opensAt = new Date(platform.now().getTime() - 86_400_000).toISOString();
    const closesAt = new Date(Math.min(Date.parse((await read()).data.event.endsAt ?? "2099-01-01"), platform.now().getTime() + 86_400_000 * 3)).toISOString();
    const signUp = { opensAt, closesAt, capacity: 400, form: "specialSignUp", requiredFields: ["email"], agreement: "", agreementEn: "" };
    expect((await save({ signUp })).body.code).toBe(200);
    const user = await platform.newUser();
    const form = { specialId, realName: "王五", orgName: "人民大学", agree: true };
    const refused = await platform.call("/signData/add", { body: form, token: user.token, lang: "zh" });
    expect(refused.body.code).toBe(400);
    expect(refused.body.message).toBe("请输入邮箱");
    expect(refused.body.data.fields).toEqual({ email: "spec:signUp.errors.emailRequired" });
    const signed = await platform.call("/signData/add", { body: { ...form, email: "wang@example.edu" }, token: user.token, lang: "en" });
    expect(signed.body.code).toBe(200);
  });

  it("answers each guest of the event with the role the operator gave them", async () => {
    expect((await save({ guests: GUESTS })).body.code).toBe(200);
    const list = (await platform.call("/guest/list", { body: { specialId } })).body.data.list as { authorNameEn: string; role: string }[];
    expect(list.map(({ authorNameEn, role }) => [authorNameEn, role])).toEqual([
      ["Lin Yi", "host"],
      ["Chen Er", "speaker"],
    ]);
  });

  it("refuses a window that closes before it opens, in the caller's language, and writes nothing", async () => {
    const before = (await read()).data.signUp;
    const refused = await save({ signUp: { ...before, opensAt: "2026-12-10T00:00:00Z", closesAt: "2026-12-01T00:00:00Z", capacity: 5 } }, "zh");
    expect(refused.body.code).toBe(422);
    expect(refused.body.data.problems).toContainEqual({ field: "signUp/closesAt", message: "报名截止时间须晚于开始报名时间" });
    expect((await read()).data.signUp).toEqual(before);
  });

  it("refuses seats that are not a whole number above zero", async () => {
    const before = (await read()).data.signUp;
    const refused = await save({ signUp: { ...before, capacity: 2.5 } });
    expect(refused.body.data.problems).toEqual([{ field: "signUp/capacity", message: "Seats must be a whole number above 0; leave empty for no limit" }]);
  });

  it("replaces the guest list in its order, with photo, affiliation and role, as /guest/list then answers", async () => {
    const saved = await save({ guests: GUESTS });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data.guests).toEqual(GUESTS);
    const list = (await platform.call("/guest/list", { body: { specialId } })).body.data.list;
    expect(list.map((guest: { authorNameEn: string; portraitUrl: string }) => [guest.authorNameEn, guest.portraitUrl])).toEqual([
      ["Lin Yi", "/uploads/lin.jpg"],
      ["Chen Er", ""],
    ]);
  });

  it("names the bad guest as the console numbers it (from 1) and keeps the list as it was", async () => {
    const refused = await save({ guests: [GUESTS[0], { ...GUESTS[1], nameEn: "", portraitUrl: "javascript:alert(1)" }] });
    expect(refused.body.data.problems).toEqual([
      { field: "guests/2/nameEn", message: "Guest 2's name (English) is missing" },
      { field: "guests/2/portraitUrl", message: "Guest 2's photo address must start with / or https://" },
    ]);
    expect((await read()).data.guests).toEqual(GUESTS);
  });

  it("replaces the agenda, sorted by time, and refuses an entry that ends before it starts", async () => {
    const entry = { kind: "keynote", title: "主旨报告", titleEn: "Keynote", speaker: "林一", speakerEn: "Lin Yi", place: "一号厅", placeEn: "Hall 1" };
    const agenda = [
      { ...entry, startsAt: "2027-04-11T10:00:00+08:00", endsAt: "2027-04-11T11:00:00+08:00" },
      { ...entry, kind: "opening", title: "开幕", titleEn: "Opening", startsAt: "2027-04-11T09:00:00+08:00", endsAt: "2027-04-11T09:30:00+08:00" },
    ];
    const saved = await save({ agenda });
    expect(saved.body.data.agenda.map((row: { titleEn: string; startsAt: string }) => [row.titleEn, row.startsAt])).toEqual([
      ["Opening", "2027-04-11T01:00:00.000Z"],
      ["Keynote", "2027-04-11T02:00:00.000Z"],
    ]);
    const publicAgenda = (await platform.call("/special/agenda", { body: { specialId } })).body.data.list;
    expect(publicAgenda).toHaveLength(2);
    const refused = await save({ agenda: [{ ...agenda[0], endsAt: agenda[0].startsAt }] });
    expect(refused.body.data.problems).toEqual([{ field: "agenda/1/endsAt", message: "Agenda entry 1 must end after it starts" }]);
  });

  it("answers both calls as their contracts in contracts/api say", async () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const readAnswer = ajv.compile(readContract("/opsConsole/event") ?? {});
    const saveAnswer = ajv.compile(readContract("/opsConsole/event/save") ?? {});
    expect(readAnswer((await read()).data), ajv.errorsText(readAnswer.errors)).toBe(true);
    const saved = await save({ guests: GUESTS });
    expect(saveAnswer(saved.body.data), ajv.errorsText(saveAnswer.errors)).toBe(true);
  });

  it("refuses an unknown event and a save that names nobody", async () => {
    expect((await platform.call("/opsConsole/event", { method: "GET", query: { specialId: "1" } })).body.code).toBe(404);
    expect((await platform.call("/opsConsole/event/save", { body: { specialId, guests: [] } })).body.code).toBe(400);
  });
});

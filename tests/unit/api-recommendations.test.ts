/**
 * Recommendations and rankings on the embedded platform (ADR 082): "recommended for you" from the scholars a person
 * follows and what they keep (author, field, institution), popularity for visitors, hot authors, the industry lists
 * of reports and mutual follows.
 */
import { describe, expect, it } from "vitest";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";

const api = useEmbeddedPlatform("2027-05-01T10:00:00.000Z", { captchaTestMode: true });
const { call, outbox } = api;

let phoneCounter = 0;
async function newUser(): Promise<{ token: string; id: number }> {
  const phone = `135${String(++phoneCounter).padStart(8, "0")}`;
  await call("/web/sendMessageWithCaptcha", { body: { phoneNum: phone, randStr: "test-rand", ticket: "test" } });
  const code = outbox().find((row) => row.recipient === `+86 ${phone}`)!.code;
  const answer = await call("/web/loginMessage", { body: { userName: phone, smsVerifyCode: code } });
  return { token: answer.body.data.token, id: answer.body.data.user.id };
}

type Item = { id: number; viewCount: number; because: string; becauseEn: string; authorName: string; topic?: string; status: number };

describe("recommended for you", () => {
  it("shows visitors what is most read, and a follower the followed scholar's work first, with the reason in both languages", async () => {
    const popular = (await call("/suggest/getResearchReport", { body: { pageSize: 6 } })).body.data;
    expect(popular.personalized).toBe(false);
    const views = popular.list.map((item: Item) => item.viewCount);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(popular.list.every((item: Item) => item.because === "热门" && item.becauseEn === "Popular")).toBe(true);

    const scholar = api.platform.db.prepare("SELECT author_code, name, name_en, field FROM scholars ORDER BY follower_count ASC LIMIT 1").get() as {
      author_code: string;
      name: string;
      name_en: string;
      field: string;
    };
    const reader = await newUser();
    expect((await call("/follow/doFollow", { token: reader.token, body: { authorCode: scholar.author_code } })).body.code).toBe(200);
    const mine = (await call("/suggest/getResearchReport", { token: reader.token, body: { pageSize: 6 } })).body.data;
    expect(mine.personalized).toBe(true);
    expect(mine.list[0].authorName).toContain(scholar.name);
    expect(mine.list[0]).toMatchObject({ because: `因为您关注了${scholar.name}`, becauseEn: `Because you follow ${scholar.name_en}` });
    // Past the followed scholar's own work, the rest of the list is in their field.
    const videos = (await call("/suggest/getLearningVideo", { token: reader.token, body: { pageSize: 6 } })).body.data.list as Item[];
    expect(videos.every((video) => video.topic === scholar.field || video.authorName.includes(scholar.name))).toBe(true);
  });

  it("learns a field from what a person keeps, leaves out what they kept, and suggests only conferences still to come", async () => {
    const reader = await newUser();
    const paper = api.platform.db
      .prepare("SELECT id, json_extract(extra, '$.topic') AS topic FROM items WHERE kind = 'paper' ORDER BY view_count ASC LIMIT 1")
      .get() as {
      id: number;
      topic: string;
    };
    expect((await call("/collect/doCollect", { token: reader.token, body: { id: paper.id } })).body.code).toBe(200);
    const list = (await call("/suggest/getResearchReport", { token: reader.token, body: { pageSize: 6 } })).body.data.list as Item[];
    expect(list.map((item) => item.id)).not.toContain(paper.id);
    expect(list[0]).toMatchObject({ topic: paper.topic, because: `与您关注的领域相关：${paper.topic}` });
    const conferences = (await call("/suggest/getConference", { token: reader.token, body: { pageSize: 10 } })).body.data.list as Item[];
    expect(conferences.length).toBeGreaterThan(0);
    expect(conferences.every((meeting) => meeting.status === 0)).toBe(true);
  });
});

describe("rankings and lists", () => {
  it("ranks hot authors by followers, new followers and reads of their works", async () => {
    const first = (await call("/report/getHotAuthor", { body: { pageSize: 5 } })).body.data;
    expect(first.list).toHaveLength(5);
    const heat = (row: { followerCount: number; newFollowers: number; worksRead: number }) =>
      row.followerCount + 10 * row.newFollowers + Math.floor(row.worksRead / 10);
    const heats = first.list.map(heat);
    for (let index = 1; index < heats.length; index++) expect(heats[index - 1] + 1).toBeGreaterThanOrEqual(heats[index]);
    expect(first.list[0].link).toBe(`/person?authorCode=${first.list[0].authorCode}`);
  });

  it("lists report industries with their counts and most read reports", async () => {
    const { list } = (await call("/report/getListIndustry", { lang: "en", body: { perIndustry: 2 } })).body.data;
    expect(list.length).toBeGreaterThan(1);
    const total = api.platform.db.prepare("SELECT COUNT(*) FROM items WHERE kind = 'report'").pluck().get() as number;
    expect(list.reduce((sum: number, row: { reportCount: number }) => sum + row.reportCount, 0)).toBe(total);
    for (const row of list) {
      expect(row.reports.length).toBeLessThanOrEqual(2);
      expect(row.reports.every((report: { topic: string }) => report.topic === row.industry)).toBe(true);
      expect(row.industryEn).not.toBe("");
    }
  });

  it("answers mutual follows only: one-way follows are left out, and a visitor is asked to sign in", async () => {
    const me = await newUser();
    const friend = await newUser();
    const fan = await newUser();
    await call("/follow/doFollow", { token: me.token, body: { userId: friend.id } });
    await call("/follow/doFollow", { token: friend.token, body: { userId: me.id } });
    await call("/follow/doFollow", { token: fan.token, body: { userId: me.id } });
    const mutual = (await call("/author/meFollowAndFollowMe", { token: me.token })).body.data;
    expect(mutual.total).toBe(1);
    expect(mutual.list[0]).toMatchObject({ userId: friend.id, link: `/userHome?id=${friend.id}` });
    expect((await call("/author/meFollowAndFollowMe", { token: fan.token })).body.data.total).toBe(0);
    expect((await call("/author/meFollowAndFollowMe", {})).body.code).not.toBe(200);
  });
});

/**
 * Voting through the embedded platform's own calls: tickets per user and Shanghai day never exceeded, even by
 * concurrent votes; tickets renew at Shanghai midnight; no votes outside a campaign's window or for another campaign's
 * entry; counts are the server's. The clock starts at 23:30 in Shanghai, so one test can cross midnight.
 */
import { describe, expect, it } from "vitest";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";

const api = useEmbeddedPlatform("2027-06-01T15:30:00.000Z", { captchaTestMode: true });
const { call } = api;
const db = () => api.platform.db;

const campaignOf = (where: string) =>
  db().prepare(`SELECT * FROM vote_campaigns WHERE ${where} ORDER BY id LIMIT 1`).get() as { id: number; starts_at: string; ends_at: string };
const bookCampaign = () => campaignOf("kind = 'book'");
const videoCampaign = () => campaignOf("kind = 'video' AND contest = 0");
const entriesOf = (campaignId: number) => db().prepare("SELECT id FROM vote_entries WHERE campaign_id = ? ORDER BY sort").pluck().all(campaignId) as number[];
const bookVote = (token: string, entryId: number, campaignId = bookCampaign().id) => call("/voteBook/vote", { body: { campaignId, entryId }, token });

/** Runs with a campaign's window moved, then puts it back. */
async function withWindow<T>(campaignId: number, startsAt: string, endsAt: string, run: () => Promise<T>): Promise<T> {
  const { starts_at, ends_at } = db().prepare("SELECT starts_at, ends_at FROM vote_campaigns WHERE id = ?").get(campaignId) as {
    starts_at: string;
    ends_at: string;
  };
  const move = db().prepare("UPDATE vote_campaigns SET starts_at = ?, ends_at = ? WHERE id = ?");
  move.run(startsAt, endsAt, campaignId);
  try {
    return await run();
  } finally {
    move.run(starts_at, ends_at, campaignId);
  }
}

describe("the seeded votes", () => {
  it("runs a book vote of 9 books (3 tickets a day), a video vote of 6 videos (5 a day) and the contest with its last edition", async () => {
    const books = await call("/voteBook/detail", { method: "GET", lang: "zh" });
    expect(books.body.data).toMatchObject({ kind: "book", state: "running", ticketsPerDay: 3, tickets: null, title: "年度经管好书评选" });
    expect(books.body.data.entries).toHaveLength(9);
    const videos = await call("/voteVideo/detail", { method: "GET" });
    expect(videos.body.data).toMatchObject({ kind: "video", contest: false, state: "running", ticketsPerDay: 5 });
    expect(videos.body.data.entries).toHaveLength(6);
    const list = await call("/voteVideo/list", { method: "GET" });
    expect(list.body.data.list.map((campaign: { state: string; contest: boolean }) => [campaign.contest, campaign.state])).toEqual([
      [false, "running"],
      [true, "running"],
      [true, "ended"],
    ]);

    const contest = await call("/voteVideo/contest", { method: "GET", lang: "zh" });
    expect(contest.body.data).toMatchObject({ title: "经管好书阅读大赛", contest: true, state: "running", winners: [] });
    expect(contest.body.data.stages.map((stage: { state: string }) => stage.state)).toEqual(["ended", "running", "upcoming"]);
    expect(contest.body.data.entries).toHaveLength(6);
    expect(contest.body.data.previous).toMatchObject({ state: "ended", title: "首届经管好书阅读大赛" });
    expect(contest.body.data.previous.winners.map((winner: { rank: number; award: string }) => [winner.rank, winner.award])).toEqual([
      [1, "一等奖"],
      [2, "二等奖"],
      [3, "三等奖"],
      [4, "优秀奖"],
    ]);
  });

  it("gives an entry with its item, campaign and the video to play", async () => {
    const [entryId] = entriesOf(videoCampaign().id);
    const entry = await call("/voteVideo/entry", { method: "GET", query: { id: String(entryId) } });
    expect(entry.body.data).toMatchObject({ id: entryId, videoUrl: "/media/clip.mp4", campaign: { id: videoCampaign().id }, tickets: null, award: null });
    expect(entry.body.data.itemLink).toMatch(/^\/videoDetail\?id=\d+$/);
    // A book entry is not a video entry.
    const [bookEntry] = entriesOf(bookCampaign().id);
    expect((await call("/voteVideo/entry", { method: "GET", query: { id: String(bookEntry) } })).body.code).toBe(404);
  });
});

describe("tickets", () => {
  it("counts exactly 3 of 20 concurrent votes by one user with 3 tickets, and refuses the rest", async () => {
    const user = await api.newUser();
    const [first, second] = entriesOf(bookCampaign().id);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => bookVote(user.token, index % 2 ? first : second)));
    const counted = answers.filter((answer) => answer.body.code === 200);
    expect(counted).toHaveLength(3);
    expect(answers.filter((answer) => answer.body.code === 409)).toHaveLength(17);
    expect(answers.find((answer) => answer.body.code === 409)?.body.message).toBe("You have used all 3 votes for today. Come back tomorrow");
    const stored = db().prepare("SELECT COUNT(*) FROM votes WHERE user_id = ?").pluck().get(user.id);
    expect(stored).toBe(3);
    const ticket = await call("/voteData/getTicket", { method: "GET", query: { campaignId: String(bookCampaign().id) }, token: user.token });
    expect(ticket.body.data).toMatchObject({ perDay: 3, used: 3, left: 0, day: "2027-06-01" });
  });

  it("lets one user give several tickets to the same entry, each counted, and answers the new count and tickets left", async () => {
    const user = await api.newUser();
    const entryId = entriesOf(bookCampaign().id)[4];
    const once = await bookVote(user.token, entryId);
    expect(once.body).toMatchObject({ code: 200, message: "Vote counted", data: { entryId, votes: 1, tickets: { used: 1, left: 2 } } });
    const twice = await bookVote(user.token, entryId);
    expect(twice.body.data).toMatchObject({ votes: 2, tickets: { used: 2, left: 1 } });
    const board = await call("/voteBook/detail", { method: "GET", token: user.token });
    expect(board.body.data.tickets).toMatchObject({ perDay: 3, used: 2, left: 1 });
    expect(board.body.data.entries.find((entry: { id: number }) => entry.id === entryId)).toMatchObject({ votes: 2 });
  });

  it("keeps tickets per campaign: a user out of book tickets still has 5 video tickets", async () => {
    const user = await api.newUser();
    const [entry] = entriesOf(bookCampaign().id);
    for (let i = 0; i < 3; i++) expect((await bookVote(user.token, entry)).body.code).toBe(200);
    const [video] = entriesOf(videoCampaign().id);
    const answer = await call("/voteVideo/vote", { body: { campaignId: videoCampaign().id, entryId: video }, token: user.token });
    expect(answer.body.data.tickets).toMatchObject({ perDay: 5, used: 1, left: 4 });
  });

  it("renews the tickets at midnight in Shanghai (15:30 UTC + 31 minutes)", async () => {
    const user = await api.newUser();
    const [entry] = entriesOf(bookCampaign().id);
    for (let i = 0; i < 3; i++) expect((await bookVote(user.token, entry)).body.code).toBe(200);
    expect((await bookVote(user.token, entry)).body.code).toBe(409);
    api.advance(31 * 60_000);
    const renewed = await bookVote(user.token, entry);
    expect(renewed.body.data.tickets).toMatchObject({ used: 1, left: 2, day: "2027-06-02" });
  });
});

describe("refusals", () => {
  it("refuses before and after the window, in zh and en", async () => {
    const user = await api.newUser();
    const campaign = bookCampaign();
    const [entry] = entriesOf(campaign.id);
    const now = api.now().getTime();
    const iso = (days: number) => new Date(now + days * 86_400_000).toISOString();
    await withWindow(campaign.id, iso(1), iso(2), async () => {
      expect((await bookVote(user.token, entry)).body).toMatchObject({ code: 403, message: "Voting has not started yet" });
      const zh = await call("/voteBook/vote", { body: { campaignId: campaign.id, entryId: entry }, token: user.token, lang: "zh" });
      expect(zh.body.message).toBe("投票尚未开始");
      expect((await call("/voteBook/detail", { method: "GET" })).body.data.state).toBe("upcoming");
    });
    await withWindow(campaign.id, iso(-2), iso(-1), async () => {
      expect((await bookVote(user.token, entry)).body).toMatchObject({ code: 403, message: "Voting has ended" });
      const zh = await call("/voteBook/vote", { body: { campaignId: campaign.id, entryId: entry }, token: user.token, lang: "zh" });
      expect(zh.body.message).toBe("投票已结束");
    });
    expect(db().prepare("SELECT COUNT(*) FROM votes WHERE user_id = ?").pluck().get(user.id)).toBe(0);
  });

  it("refuses an entry of another campaign, a campaign of the other kind, a visitor, and too many votes a minute", async () => {
    const user = await api.newUser();
    const [videoEntry] = entriesOf(videoCampaign().id);
    expect((await bookVote(user.token, videoEntry)).body).toMatchObject({ code: 400, message: "This entry is not part of this vote" });
    expect((await call("/voteBook/vote", { body: { campaignId: videoCampaign().id, entryId: videoEntry }, token: user.token })).body.code).toBe(404);
    expect((await call("/voteBook/vote", { body: { entryId: entriesOf(bookCampaign().id)[0] }, token: user.token })).body.code).toBe(404);
    expect((await call("/voteBook/vote", { body: { campaignId: bookCampaign().id, entryId: entriesOf(bookCampaign().id)[0] } })).body.code).toBe(401);

    // The limit counts attempts, refused ones too, so a script hammering a campaign is slowed whatever it is told.
    const answers = await Promise.all(Array.from({ length: 35 }, () => bookVote(user.token, entriesOf(bookCampaign().id)[0])));
    expect(answers.filter((answer) => answer.body.code === 429)).toHaveLength(35 - 30);
  });
});

describe("counts", () => {
  it("are the server's: COUNT over votes, ranked with ties sharing a rank", async () => {
    const campaign = videoCampaign();
    const [a, b, c] = entriesOf(campaign.id);
    const voters = await Promise.all([api.newUser(), api.newUser()]);
    for (const voter of voters) {
      await call("/voteVideo/vote", { body: { campaignId: campaign.id, entryId: b }, token: voter.token });
      await call("/voteVideo/vote", { body: { campaignId: campaign.id, entryId: c }, token: voter.token });
    }
    await call("/voteVideo/vote", { body: { campaignId: campaign.id, entryId: b }, token: voters[0].token });
    const board = await call("/voteVideo/detail", { method: "GET", query: { id: String(campaign.id) } });
    const byId = new Map(board.body.data.entries.map((entry: { id: number }) => [entry.id, entry]));
    const stored = (id: number) => db().prepare("SELECT COUNT(*) FROM votes WHERE entry_id = ?").pluck().get(id);
    expect(byId.get(b)).toMatchObject({ votes: stored(b), rank: 1 });
    expect(byId.get(c)).toMatchObject({ votes: stored(c), rank: 2 });
    expect(board.body.data.entries[0].id).toBe(b);
    expect((byId.get(a) as { votes: number }).votes).toBe(stored(a));
    expect(board.body.data.totalVotes).toBe(db().prepare("SELECT COUNT(*) FROM votes WHERE campaign_id = ?").pluck().get(campaign.id));
    const entry = await call("/voteVideo/entry", { method: "GET", query: { id: String(c) } });
    expect(entry.body.data).toMatchObject({ votes: stored(c), rank: 2 });
  });
});

import type { Db } from "./kernel/db.server.ts";
import type { Accounts } from "./accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "./kernel/router.server.ts";
import { paging } from "./content.server.ts";
import { allow } from "./kernel/rate-limits.server.ts";
import { say } from "./kernel/language.server.ts";
import { shanghaiDay } from "./kernel/shanghai-day.server.ts";

const VOTES_PER_MINUTE = 30;
const DAY = 86_400_000;

type Kind = "book" | "video";
type State = "upcoming" | "running" | "ended";

interface CampaignRow {
  id: number;
  kind: Kind;
  title: string;
  title_en: string;
  rules: string;
  rules_en: string;
  tickets_per_day: number;
  starts_at: string;
  ends_at: string;
  contest: 0 | 1;
}

interface EntryRow {
  id: number;
  campaign_id: number;
  item_id: number;
  entrant: string;
  entrant_en: string;
  statement: string;
  statement_en: string;
  title: string;
  title_en: string;
  summary: string;
  summary_en: string;
  cover: string;
  author_name: string;
  author_name_en: string;
  votes: number;
}

interface StageRow {
  position: number;
  title: string;
  title_en: string;
  description: string;
  description_en: string;
  starts_at: string;
  ends_at: string;
}

interface WinnerRow {
  entry_id: number;
  rank: number;
  award: string;
  award_en: string;
}

const ENTRY_COLUMNS = `e.id, e.campaign_id, e.item_id, e.entrant, e.entrant_en, e.statement, e.statement_en,
  i.title, i.title_en, i.summary, i.summary_en, i.cover, i.author_name, i.author_name_en,
  (SELECT COUNT(*) FROM votes v WHERE v.entry_id = e.id) AS votes
  FROM vote_entries e JOIN items i ON i.id = e.item_id`;

// Running campaigns first, then those starting next (soonest first), then ended ones (latest first).
const CURRENT_FIRST = `CASE WHEN starts_at <= @now AND ends_at > @now THEN 0 WHEN starts_at > @now THEN 1 ELSE 2 END,
  CASE WHEN starts_at > @now THEN starts_at END ASC, ends_at DESC, id DESC`;

const stateAt = (startsAt: string, endsAt: string, now: Date): State => (now < new Date(startsAt) ? "upcoming" : now >= new Date(endsAt) ? "ended" : "running");

/** A rank shared by ties: one more than the number of entries with more votes. */
const rankIn = (entries: { votes: number }[], votes: number) => 1 + entries.filter((other) => other.votes > votes).length;

function positiveId(value: unknown): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Book and video votes (/voteBook/*, /voteVideo/*, /voteData/getTicket) and the reading contest (/voteVideo/contest).
 *
 * Ticket rules: a campaign gives each user tickets_per_day tickets per Asia/Shanghai day, unused ones lapse at midnight,
 * and a ticket is one vote, so several may go to the same entry. A vote is one immediate transaction that counts the
 * user's tickets used today in the campaign and inserts only while one is left, so simultaneous votes (even from several
 * processes on one database) never exceed the tickets. Counts are COUNT(*) over votes.
 */
export function votingRoutes(db: Db, accounts: Accounts): RouteDefinition[] {
  const campaignById = db.prepare("SELECT * FROM vote_campaigns WHERE id = ?");
  const currentOfKind = db.prepare(`SELECT * FROM vote_campaigns WHERE kind = @kind AND contest = 0 ORDER BY ${CURRENT_FIRST} LIMIT 1`);
  const currentContest = db.prepare(`SELECT * FROM vote_campaigns WHERE contest = 1 ORDER BY ${CURRENT_FIRST} LIMIT 1`);
  const previousContest = db.prepare("SELECT * FROM vote_campaigns WHERE contest = 1 AND ends_at <= ? AND id <> ? ORDER BY ends_at DESC LIMIT 1");
  const entriesOf = db.prepare(`SELECT ${ENTRY_COLUMNS} WHERE e.campaign_id = ? ORDER BY votes DESC, e.sort, e.id`);
  const entryById = db.prepare(`SELECT ${ENTRY_COLUMNS} WHERE e.id = ?`);
  const entryCampaign = db.prepare("SELECT campaign_id FROM vote_entries WHERE id = ?").pluck();
  const entryVotes = db.prepare("SELECT COUNT(*) FROM votes WHERE entry_id = ?").pluck();
  const campaignVotes = db.prepare("SELECT COUNT(*) FROM votes WHERE campaign_id = ?").pluck();
  const entriesAhead = db.prepare("SELECT COUNT(*) FROM (SELECT COUNT(*) AS n FROM votes WHERE campaign_id = ? GROUP BY entry_id) WHERE n > ?").pluck();
  const usedToday = db.prepare("SELECT COUNT(*) FROM votes WHERE campaign_id = ? AND user_id = ? AND day = ?").pluck();
  const addVote = db.prepare("INSERT INTO votes (campaign_id, entry_id, user_id, day, created_at) VALUES (?, ?, ?, ?, ?)");
  const stagesOf = db.prepare("SELECT * FROM contest_stages WHERE campaign_id = ? ORDER BY position");
  const winnersOf = db.prepare("SELECT entry_id, rank, award, award_en FROM contest_winners WHERE campaign_id = ? ORDER BY rank, entry_id");
  const awardOf = db.prepare("SELECT entry_id, rank, award, award_en FROM contest_winners WHERE entry_id = ?");
  const videoUrlOf = db.prepare("SELECT media_url FROM item_meta WHERE item_id = ?").pluck();

  const viewerId = (context: ApiContext): number | null => {
    if (!context.token) return null;
    const who = accounts.current(context);
    return "user" in who ? who.user.id : null;
  };

  const tickets = (campaign: CampaignRow, userId: number, now: Date) => {
    const day = shanghaiDay(now);
    const used = usedToday.get(campaign.id, userId, day) as number;
    return { perDay: campaign.tickets_per_day, used, left: Math.max(0, campaign.tickets_per_day - used), day };
  };

  const campaignView = (context: ApiContext, campaign: CampaignRow) => {
    const state = stateAt(campaign.starts_at, campaign.ends_at, context.now());
    return {
      id: campaign.id,
      kind: campaign.kind,
      contest: campaign.contest === 1,
      title: say(context, campaign.title, campaign.title_en),
      rules: say(context, campaign.rules, campaign.rules_en),
      ticketsPerDay: campaign.tickets_per_day,
      startsAt: campaign.starts_at,
      endsAt: campaign.ends_at,
      state,
      running: state === "running",
      totalVotes: campaignVotes.get(campaign.id) as number,
    };
  };

  const entryView = (context: ApiContext, entry: EntryRow, rank: number) => ({
    id: entry.id,
    campaignId: entry.campaign_id,
    itemId: entry.item_id,
    title: say(context, entry.title, entry.title_en),
    summary: say(context, entry.summary, entry.summary_en),
    cover: entry.cover,
    author: say(context, entry.author_name, entry.author_name_en),
    entrant: say(context, entry.entrant, entry.entrant_en),
    statement: say(context, entry.statement, entry.statement_en),
    votes: entry.votes,
    rank,
  });

  const rankedEntries = (context: ApiContext, campaignId: number) => {
    const rows = entriesOf.all(campaignId) as EntryRow[];
    return rows.map((row) => entryView(context, row, rankIn(rows, row.votes)));
  };

  const winnersView = (context: ApiContext, campaignId: number) => {
    const entries = new Map(rankedEntries(context, campaignId).map((entry) => [entry.id, entry]));
    return (winnersOf.all(campaignId) as WinnerRow[]).map((winner) => ({
      rank: winner.rank,
      award: say(context, winner.award, winner.award_en),
      entry: entries.get(winner.entry_id),
    }));
  };

  /** The campaign of this kind a call names by id, or (without an id) the current one; contests count as video votes. */
  const findCampaign = (context: ApiContext, kind: Kind, param: string): CampaignRow | undefined => {
    const raw = context.params[param];
    if (raw === undefined || raw === "") return currentOfKind.get({ kind, now: context.now().toISOString() }) as CampaignRow | undefined;
    const id = positiveId(raw);
    const campaign = id ? (campaignById.get(id) as CampaignRow | undefined) : undefined;
    return campaign?.kind === kind ? campaign : undefined;
  };
  const noCampaign = (context: ApiContext) => fail(404, say(context, "投票活动不存在", "No such vote"));
  const noEntry = (context: ApiContext) => fail(404, say(context, "作品不存在", "No such entry"));

  const cast = db.transaction((context: ApiContext, userId: number, campaign: CampaignRow, entryId: number): Envelope => {
    const now = context.now();
    const state = stateAt(campaign.starts_at, campaign.ends_at, now);
    if (state === "upcoming") return fail(403, say(context, "投票尚未开始", "Voting has not started yet"));
    if (state === "ended") return fail(403, say(context, "投票已结束", "Voting has ended"));
    const day = shanghaiDay(now);
    const used = usedToday.get(campaign.id, userId, day) as number;
    if (used >= campaign.tickets_per_day)
      return fail(
        409,
        say(
          context,
          `今天的 ${campaign.tickets_per_day} 票已用完，明天再来吧`,
          `You have used all ${campaign.tickets_per_day} votes for today. Come back tomorrow`,
        ),
      );
    addVote.run(campaign.id, entryId, userId, day, now.toISOString());
    const votes = entryVotes.get(entryId) as number;
    const rank = 1 + (entriesAhead.get(campaign.id, votes) as number);
    return ok({ entryId, votes, rank, tickets: tickets(campaign, userId, now) }, say(context, "投票成功", "Vote counted"));
  });

  const list = (kind: Kind) => (context: ApiContext) => {
    const { pageNum, pageSize } = paging(context.params);
    const rows = db
      .prepare(`SELECT * FROM vote_campaigns WHERE kind = @kind ORDER BY ${CURRENT_FIRST} LIMIT @limit OFFSET @offset`)
      .all({ kind, now: context.now().toISOString(), limit: pageSize, offset: (pageNum - 1) * pageSize }) as CampaignRow[];
    const total = db.prepare("SELECT COUNT(*) FROM vote_campaigns WHERE kind = ?").pluck().get(kind) as number;
    return ok({ list: rows.map((row) => campaignView(context, row)), total, pageNum, pageSize });
  };

  const detail = (kind: Kind) => (context: ApiContext) => {
    const campaign = findCampaign(context, kind, "id");
    if (!campaign) return noCampaign(context);
    const userId = viewerId(context);
    return ok({
      ...campaignView(context, campaign),
      entries: rankedEntries(context, campaign.id),
      tickets: userId === null ? null : tickets(campaign, userId, context.now()),
    });
  };

  /** One entry with its campaign, the viewer's tickets, its award if it won one, and for a video the video to play. */
  const entry = (kind: Kind) => (context: ApiContext) => {
    const id = positiveId(context.params.id);
    const row = id ? (entryById.get(id) as EntryRow | undefined) : undefined;
    const campaign = row ? (campaignById.get(row.campaign_id) as CampaignRow) : undefined;
    if (!row || campaign?.kind !== kind) return noEntry(context);
    const userId = viewerId(context);
    const award = awardOf.get(row.id) as WinnerRow | undefined;
    return ok({
      ...entryView(context, row, rankIn(entriesOf.all(campaign.id) as EntryRow[], row.votes)),
      ...(kind === "video" ? { videoUrl: (videoUrlOf.get(row.item_id) as string | undefined) ?? "" } : {}),
      itemLink: `${kind === "book" ? "/bookDetail" : "/videoDetail"}?id=${row.item_id}`,
      award: award ? { rank: award.rank, award: say(context, award.award, award.award_en) } : null,
      campaign: campaignView(context, campaign),
      tickets: userId === null ? null : tickets(campaign, userId, context.now()),
    });
  };

  const vote = (kind: Kind) =>
    accounts.withUser((context, user) => {
      // A vote names its campaign: "the current one" could change between loading the page and voting.
      const campaign = positiveId(context.params.campaignId) ? findCampaign(context, kind, "campaignId") : undefined;
      if (!campaign) return noCampaign(context);
      const entryId = positiveId(context.params.entryId);
      const entryIn = entryId ? (entryCampaign.get(entryId) as number | undefined) : undefined;
      if (!entryId || entryIn === undefined) return noEntry(context);
      if (entryIn !== campaign.id) return fail(400, say(context, "该作品不在本次投票中", "This entry is not part of this vote"));
      if (!allow(db, `vote:${user.id}`, VOTES_PER_MINUTE, 60_000, context.now().getTime()))
        return fail(429, say(context, "投票太快了，请稍后再试", "Too many votes at once. Please wait a moment"));
      return cast.immediate(context, user.id, campaign, entryId);
    });

  return [
    { method: "GET", path: "/voteBook/list", handler: list("book") },
    { method: "GET", path: "/voteBook/detail", handler: detail("book") },
    { method: "GET", path: "/voteBook/entry", handler: entry("book") },
    { method: "POST", path: "/voteBook/vote", handler: vote("book") },
    { method: "GET", path: "/voteVideo/list", handler: list("video") },
    { method: "GET", path: "/voteVideo/detail", handler: detail("video") },
    { method: "GET", path: "/voteVideo/entry", handler: entry("video") },
    { method: "POST", path: "/voteVideo/vote", handler: vote("video") },
    {
      method: "GET",
      path: "/voteVideo/contest",
      // The contest edition named by id, else the current one; with its timeline, entries, winners (once awarded) and
      // the edition before it with that edition's winners. Public: nothing here depends on the viewer.
      handler: (context) => {
        const id = positiveId(context.params.id);
        const contest = (id ? campaignById.get(id) : currentContest.get({ now: context.now().toISOString() })) as CampaignRow | undefined;
        if (contest?.contest !== 1) return fail(404, say(context, "阅读大赛不存在", "No such reading contest"));
        const now = context.now();
        const previous = previousContest.get(contest.starts_at, contest.id) as CampaignRow | undefined;
        return ok({
          ...campaignView(context, contest),
          stages: (stagesOf.all(contest.id) as StageRow[]).map((stage) => ({
            position: stage.position,
            title: say(context, stage.title, stage.title_en),
            description: say(context, stage.description, stage.description_en),
            startsAt: stage.starts_at,
            endsAt: stage.ends_at,
            state: stateAt(stage.starts_at, stage.ends_at, now),
          })),
          entries: rankedEntries(context, contest.id),
          winners: winnersView(context, contest.id),
          previous: previous
            ? { ...campaignView(context, previous), entries: rankedEntries(context, previous.id), winners: winnersView(context, previous.id) }
            : null,
        });
      },
    },
    {
      method: "GET",
      path: "/voteData/getTicket",
      handler: accounts.withUser((context, user) => {
        const id = positiveId(context.params.campaignId);
        const campaign = id ? (campaignById.get(id) as CampaignRow | undefined) : undefined;
        if (!campaign) return noCampaign(context);
        return ok({ campaignId: campaign.id, ...tickets(campaign, user.id, context.now()) });
      }),
    },
  ];
}

interface SeedItem {
  id: number;
  title: string;
  title_en: string;
  author_name: string;
  author_name_en: string;
  topic: string | null;
  topic_en: string | null;
}

const BOOK_NOMINATORS: [string, string][] = [
  ["北京大学经济学院读书会", "PKU School of Economics Reading Club"],
  ["复旦大学管理学院 MBA 联合会", "Fudan School of Management MBA Association"],
  ["中国人民大学财政金融学院", "Renmin University School of Finance"],
  ["上海财经大学图书馆", "Shanghai University of Finance and Economics Library"],
  ["清华大学经管学院学生会", "Tsinghua SEM Student Union"],
  ["浙江大学经济学院青年教师", "Young faculty, Zhejiang University School of Economics"],
  ["武汉大学经济与管理学院", "Wuhan University School of Economics and Management"],
  ["中山大学岭南学院读书社", "Lingnan College Reading Society, Sun Yat-sen University"],
  ["西南财经大学金融学院", "Southwestern University of Finance and Economics, School of Finance"],
];

const BOOK_STATEMENTS: ((zh: string, en: string) => [string, string])[] = [
  (zh, en) => [
    `从${zh}的基本问题讲起，理论与中国案例并重，入门和备课都用得上。`,
    `Starts from the basic questions of ${en} and pairs theory with Chinese cases: as useful for a first course as for teaching one.`,
  ],
  (zh, en) => [
    `每章附有数据练习和延伸阅读，帮助读者把${zh}的模型用到真实问题上。`,
    `Every chapter has data exercises and further reading, so the models of ${en} meet real problems.`,
  ],
  (zh, en) => [
    `作者多年讲授${zh}课程的结晶，行文清楚、图表精到，推荐给研究生和从业者。`,
    `Distilled from years of teaching ${en}: clear prose and well-made charts, for graduate students and practitioners alike.`,
  ],
];

const VIDEO_STATEMENTS: ((zh: string, en: string) => [string, string])[] = [
  (zh, en) => [`用身边的例子讲清${zh}的关键概念，适合课前预习。`, `Explains a key idea of ${en} with everyday examples; good preparation before class.`],
  (zh, en) => [`结合最新数据与政策讨论${zh}，几分钟看懂来龙去脉。`, `Discusses ${en} with the latest data and policy, so the story makes sense in minutes.`],
  (zh, en) => [
    `从一篇经典论文出发，带你读懂${zh}研究的方法与结论。`,
    `Starts from a classic paper and walks through the methods and findings of ${en} research.`,
  ],
];

const READERS: [string, string][][] = [
  [
    ["李沐阳 · 中国人民大学", "Muyang Li, Renmin University of China"],
    ["陈思远 · 复旦大学", "Siyuan Chen, Fudan University"],
    ["王若溪 · 上海财经大学", "Ruoxi Wang, Shanghai University of Finance and Economics"],
    ["赵一鸣 · 南开大学", "Yiming Zhao, Nankai University"],
    ["孙嘉禾 · 厦门大学", "Jiahe Sun, Xiamen University"],
    ["周以宁 · 中央财经大学", "Yining Zhou, Central University of Finance and Economics"],
  ],
  [
    ["刘书涵 · 北京大学", "Shuhan Liu, Peking University"],
    ["黄子墨 · 浙江大学", "Zimo Huang, Zhejiang University"],
    ["吴静怡 · 南京大学", "Jingyi Wu, Nanjing University"],
    ["郑浩然 · 武汉大学", "Haoran Zheng, Wuhan University"],
    ["何雨桐 · 中山大学", "Yutong He, Sun Yat-sen University"],
    ["马骁 · 西南财经大学", "Xiao Ma, Southwestern University of Finance and Economics"],
  ],
];

const TALKS: [string, string][] = [
  [
    "我从书中一个反直觉的结论讲起，用校园里的真实例子说明它为什么成立。",
    "I start from one counter-intuitive result in the book and show with a campus example why it holds.",
  ],
  ["我把全书的框架画成一张图，再挑出对我影响最大的三个观点。", "I map the whole book on one page, then pick the three ideas that changed my thinking most."],
  [
    "读完后我用公开数据重画了书中的一张图，视频里讲我的发现。",
    "After reading it I redrew one of the book's charts with public data; the video shares what I found.",
  ],
];

const AWARDS: [string, string][] = [
  ["一等奖", "First prize"],
  ["二等奖", "Second prize"],
  ["三等奖", "Third prize"],
  ["优秀奖", "Honourable mention"],
];

const CONTEST_RULES: [string, string] = [
  "面向全国高校在读学生：阅读一本经济、金融或管理类好书，录制 3–8 分钟的讲书视频。\n大众投票期间，每位用户每天有 5 票，可投给一个或多个作品，同一作品可重复投票；票数按北京时间每天 0 点重置，未用完的票不累积。\n最终名次由专家评审（70%）与大众投票（30%）共同决定，在颁奖阶段公布。",
  "Open to university students across China: read a good book on economics, finance or management and record a 3–8 minute book talk.\nDuring the public vote every user has 5 votes a day for one entry or several, and an entry may get more than one of your votes; votes renew at midnight Beijing time and unused ones do not carry over.\nFinal places combine the judges' scores (70%) and the public vote (30%) and are announced in the awards stage.",
];

const STAGES: { title: [string, string]; description: [string, string] }[] = [
  {
    title: ["作品征集", "Submissions"],
    description: ["在线提交讲书视频和一段不超过 200 字的推荐语。", "Submit your book talk video with a recommendation of up to 200 characters."],
  },
  {
    title: ["大众投票", "Public vote"],
    description: ["每位用户每天 5 票，票数实时更新。", "Everyone has 5 votes a day; counts update as votes come in."],
  },
  {
    title: ["评审与颁奖", "Judging and awards"],
    description: [
      "专家评审打分，结合投票结果评出一、二、三等奖和优秀奖。",
      "Judges score the entries and, with the public vote, award first, second and third prizes and honourable mentions.",
    ],
  },
];

/**
 * Seeds, into a database without campaigns: a running book vote (9 books, 3 tickets a day), a running video vote (6
 * videos, 5 a day), the reading contest in its voting stage (6 book talks) and its previous, awarded edition.
 */
export function seedVoting(db: Db, now: Date): void {
  if (db.prepare("SELECT 1 FROM vote_campaigns LIMIT 1").get()) return;
  const itemsOf = (kind: string, limit: number): SeedItem[] =>
    db
      .prepare(`SELECT id, title, title_en, author_name, author_name_en, json_extract(extra, '$.topic') AS topic,
          json_extract(extra, '$.topicEn') AS topic_en FROM items WHERE kind = ? ORDER BY sort DESC, id DESC LIMIT ?`)
      .all(kind, limit) as SeedItem[];
  const books = itemsOf("book", 9);
  const videos = itemsOf("video", 18);
  if (books.length === 0 || videos.length === 0) return;
  const bookOnTopic = db.prepare("SELECT title, title_en FROM items WHERE kind = 'book' AND json_extract(extra, '$.topic') = ? ORDER BY id LIMIT 1");
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  const topicOf = (item: SeedItem): [string, string] => [item.topic ?? item.title, item.topic_en ?? item.title_en];

  const addCampaign = db.prepare(
    "INSERT INTO vote_campaigns (kind, title, title_en, rules, rules_en, tickets_per_day, starts_at, ends_at, contest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const addEntry = db.prepare(
    "INSERT INTO vote_entries (campaign_id, item_id, entrant, entrant_en, statement, statement_en, sort) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const addStage = db.prepare(
    "INSERT INTO contest_stages (campaign_id, position, title, title_en, description, description_en, starts_at, ends_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const addWinner = db.prepare("INSERT INTO contest_winners (campaign_id, entry_id, rank, award, award_en) VALUES (?, ?, ?, ?, ?)");

  /** A contest edition whose vote runs from `from` to `to` days from now, submissions 30 days before, awards 10 after. */
  const addContest = (title: [string, string], from: number, to: number, entries: SeedItem[], readers: [string, string][]) => {
    const id = Number(addCampaign.run("video", title[0], title[1], CONTEST_RULES[0], CONTEST_RULES[1], 5, at(from), at(to), 1).lastInsertRowid);
    const bounds = [
      [from - 30, from],
      [from, to],
      [to, to + 10],
    ];
    STAGES.forEach((stage, position) =>
      addStage.run(id, position, stage.title[0], stage.title[1], stage.description[0], stage.description[1], at(bounds[position][0]), at(bounds[position][1])),
    );
    const entryIds = entries.map((video, index) => {
      const [topic] = topicOf(video);
      const book = (bookOnTopic.get(topic) as { title: string; title_en: string } | undefined) ?? { title: video.title, title_en: video.title_en };
      const talk = TALKS[index % TALKS.length];
      const reader = readers[index % readers.length];
      return Number(
        addEntry.run(id, video.id, reader[0], reader[1], `讲书：《${book.title}》。${talk[0]}`, `On ${book.title_en}: ${talk[1]}`, index).lastInsertRowid,
      );
    });
    return { id, entryIds };
  };

  db.transaction(() => {
    const bookVote = Number(
      addCampaign.run(
        "book",
        "年度经管好书评选",
        "Business and Economics Books of the Year",
        "每位用户每天有 3 票，可投给一本或多本书，同一本书可重复投票。\n票数按北京时间每天 0 点重置，当天未用完的票不累积。\n投票结束后，得票最多的三本书当选年度经管好书。",
        "Every user has 3 votes a day for one book or several, and a book may get more than one of your votes.\nVotes renew at midnight Beijing time; unused votes do not carry over.\nWhen voting closes, the three books with the most votes become the Books of the Year.",
        3,
        at(-3),
        at(27),
        0,
      ).lastInsertRowid,
    );
    books.forEach((book, index) => {
      const [nominator, nominatorEn] = BOOK_NOMINATORS[index % BOOK_NOMINATORS.length];
      const [statement, statementEn] = BOOK_STATEMENTS[index % BOOK_STATEMENTS.length](...topicOf(book));
      addEntry.run(bookVote, book.id, nominator, nominatorEn, statement, statementEn, index);
    });

    const videoVote = Number(
      addCampaign.run(
        "video",
        "经管微课人气榜",
        "Econ Micro-Lecture Favourites",
        "每位用户每天有 5 票，可投给一个或多个微课，同一微课可重复投票。\n票数按北京时间每天 0 点重置，当天未用完的票不累积。\n人气榜按得票实时排名。",
        "Every user has 5 votes a day for one lecture or several, and a lecture may get more than one of your votes.\nVotes renew at midnight Beijing time; unused votes do not carry over.\nThe ranking follows the votes as they come in.",
        5,
        at(-5),
        at(25),
        0,
      ).lastInsertRowid,
    );
    videos.slice(0, 6).forEach((video, index) => {
      const [statement, statementEn] = VIDEO_STATEMENTS[index % VIDEO_STATEMENTS.length](...topicOf(video));
      addEntry.run(videoVote, video.id, video.author_name, video.author_name_en, statement, statementEn, index);
    });

    const previous = addContest(["首届经管好书阅读大赛", "Economics Reading Contest, first edition"], -390, -375, videos.slice(12, 18), READERS[1]);
    AWARDS.forEach(([award, awardEn], index) => {
      if (index < previous.entryIds.length) addWinner.run(previous.id, previous.entryIds[index], index + 1, award, awardEn);
    });
    addContest(["经管好书阅读大赛", "Economics Reading Contest"], -10, 10, videos.slice(6, 12), READERS[0]);
  })();
}

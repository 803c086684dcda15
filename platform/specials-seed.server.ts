import type { Db } from "./kernel/db.server.ts";
import { TOPICS, type Pair } from "./seed.server.ts";
import { TOPIC_TEXTS } from "./seed-texts.server.ts";
import { LIVE, LOCAL_CLIP } from "./live/rules.server.ts";
import { eventState, planState, type PlanTimes, type SignUpForm } from "./specials.server.ts";

/**
 * The events behind the conference and campaign pages (migration 005): eleven live specials, each the data of one
 * campaign page (/liveSpec … /2023ames), and the agenda, guests, sponsors and sign-up window of every seeded
 * conference. Campaign specials have fixed ids (page configs name them); dates are either the event's own (past
 * conferences) or placed around the seeding time, so a fresh database always has open, living and finished events.
 */

/** The ids page configs use as data-source params: special ids never move, whatever else is seeded first. */
export const SPECIAL_IDS = {
  liveSpec: 900001,
  liveSpec2: 900002,
  liveSpec3: 900003,
  liveSpec4: 900004,
  liveSpec5: 900005,
  liveSpec6: 900006,
  abfer: 900007,
  abferac: 900008,
  "2022acde": 900009,
  "2023CFMEF": 900010,
  "2023ames": 900011,
} as const;

/** Each campaign special's live plans have fixed ids too (a page may embed one in a player): 910000 + 20 × special + session. */
export function sessionPlanId(specialOrder: number, session: number): number {
  return 910_000 + specialOrder * 20 + session;
}

type Tier = "host" | "coHost" | "sponsor" | "media";
type AgendaKind = "opening" | "keynote" | "session" | "panel" | "break" | "closing";

interface AgendaSeed {
  day: number;
  from: string;
  to: string;
  kind: AgendaKind;
  title: Pair;
  /** Index into the event's guests. */
  guest?: number;
  place?: Pair;
}

interface SessionSeed {
  title: Pair;
  starts: Date;
  hours: number;
  guest: number;
}

interface SpecialSeed {
  id: number;
  route: string;
  title: Pair;
  summary: Pair;
  organizer: Pair;
  city: Pair;
  venue: Pair;
  starts: Date;
  ends: Date;
  signup: { opens: Date | null; closes: Date; capacity: number | null; form: SignUpForm };
  guests: number;
  sessions: SessionSeed[];
  agenda: AgendaSeed[];
  sponsors: { tier: Tier; name: Pair; link?: string }[];
  seats?: { rows: number; columns: number; reserved: (row: number, number: number) => boolean };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CST = 8 * HOUR;

/** A wall-clock time in China Standard Time (UTC+8), where every seeded event takes place. */
function cst(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute) - CST);
}

/** Midnight (UTC+8) of the day `date` falls on, plus `days`. */
function cstDay(date: Date, days = 0): Date {
  const local = new Date(date.getTime() + CST);
  return cst(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate() + days);
}

/** `day` (midnight UTC+8) at "HH:MM". */
function clock(day: Date, time: string): Date {
  const [hour, minute] = time.split(":").map(Number);
  return new Date(day.getTime() + hour * HOUR + minute * 60_000);
}

/** The next 13 January 18:00 (UTC+8) at least three days away: the deadline of the spec's conference example. */
export function nextJanuaryDeadline(now: Date): Date {
  const year = new Date(now.getTime() + CST).getUTCFullYear();
  const candidate = cst(year, 1, 13, 18);
  return candidate.getTime() - now.getTime() >= 3 * DAY ? candidate : cst(year + 1, 1, 13, 18);
}

/** Every seeded plan that has ended was recorded. */
function seededPlan(session: SessionSeed, now: Date): PlanTimes {
  const ends = new Date(session.starts.getTime() + session.hours * HOUR);
  return { id: 0, startsAt: session.starts.toISOString(), endsAt: ends.toISOString(), hasRecording: ends < now };
}

const EDITORIAL: Pair = ["经管学术圈", "EconScholar"];
const ROOM_A: Pair = ["分会场A", "Room A"];
const ROOM_B: Pair = ["分会场B", "Room B"];
const MAIN_HALL: Pair = ["主会场", "Main hall"];

/** A conference programme: opening, keynotes, parallel sessions, a panel and closing, over one to three days. */
function conferenceAgenda(talks: Pair[], panel: Pair, days: number): AgendaSeed[] {
  const agenda: AgendaSeed[] = [
    { day: 0, from: "08:30", to: "09:00", kind: "opening", title: ["开幕式", "Opening ceremony"], place: MAIN_HALL },
    { day: 0, from: "09:00", to: "10:00", kind: "keynote", title: talks[0], guest: 0, place: MAIN_HALL },
    { day: 0, from: "10:00", to: "10:20", kind: "break", title: ["茶歇", "Coffee break"] },
    { day: 0, from: "10:20", to: "12:00", kind: "session", title: talks[1], guest: 1, place: ROOM_A },
    { day: 0, from: "14:00", to: "15:30", kind: "session", title: talks[2], guest: 2, place: ROOM_B },
    { day: 0, from: "15:50", to: "17:20", kind: "panel", title: panel, guest: 3, place: MAIN_HALL },
  ];
  if (days >= 2) {
    agenda.push(
      { day: 1, from: "09:00", to: "10:00", kind: "keynote", title: talks[3], guest: 4, place: MAIN_HALL },
      { day: 1, from: "10:20", to: "12:00", kind: "session", title: talks[4], guest: 5, place: ROOM_A },
    );
  }
  if (days >= 3) {
    agenda.push(
      { day: 2, from: "09:00", to: "10:30", kind: "session", title: talks[5], guest: 6, place: ROOM_B },
      { day: 2, from: "10:50", to: "11:50", kind: "keynote", title: talks[6], guest: 7, place: MAIN_HALL },
    );
  }
  agenda.push({ day: days - 1, from: "12:00", to: "12:20", kind: "closing", title: ["闭幕式", "Closing ceremony"], place: MAIN_HALL });
  return agenda;
}

function campaignSpecials(now: Date): SpecialSeed[] {
  const today = cstDay(now);
  const inDays = (days: number, time: string) => clock(cstDay(now, days), time);

  const series = inDays(3, "19:00");
  const weekly = (titles: Pair[], first: Date): SessionSeed[] =>
    titles.map((title, index) => ({ title, starts: new Date(first.getTime() + index * 7 * DAY), hours: 2, guest: index }));

  // Started at the top of the current hour, so it is living whenever the seed runs.
  const fintechLive = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
  const salonDay = cstDay(now, 20);
  const forumDay = cstDay(now, 30);
  const reviewDay = cstDay(now, -10);
  const campDay = cstDay(now, 45);
  const deadline = nextJanuaryDeadline(now);
  const acDay = cstDay(deadline, 128);
  const acYear = new Date(acDay.getTime() + CST).getUTCFullYear();
  const acdeDay = cst(2022, 12, 10);
  const cfmefDay = cst(2023, 4, 15);
  const amesDay = cst(2023, 8, 3);

  return [
    {
      id: 900001,
      route: "/liveSpec",
      title: ["数字经济与高质量发展系列直播", "Digital Economy and High-Quality Growth: Live Series"],
      summary: [
        "六场直播，每周四晚七点，邀请经济学者讨论数据要素、平台竞争、数字技术与生产率、数字金融、人工智能与就业以及数字贸易。",
        "Six live talks, Thursdays at 7 pm, in which economists discuss data as a factor of production, platform competition, digital technology and productivity, digital finance, AI and jobs, and digital trade.",
      ],
      organizer: ["中国人民大学经济学院", "School of Economics, Renmin University of China"],
      city: ["线上", "Online"],
      venue: ["经管学术圈直播间", "EconScholar live room"],
      starts: series,
      ends: new Date(series.getTime() + 35 * DAY + 2 * HOUR),
      signup: { opens: new Date(today.getTime() - 10 * DAY), closes: new Date(series.getTime() + 35 * DAY), capacity: null, form: "specialEnroll" },
      guests: 6,
      sessions: weekly(
        [
          ["数据要素市场化配置的经济学", "The Economics of Data as a Factor of Production"],
          ["平台经济中的竞争与反垄断", "Competition and Antitrust in the Platform Economy"],
          ["数字技术与全要素生产率", "Digital Technology and Total Factor Productivity"],
          ["数字普惠金融与县域发展", "Digital Financial Inclusion and County Development"],
          ["人工智能对劳动力市场的冲击", "How AI Is Changing the Labor Market"],
          ["数字贸易规则与全球价值链", "Digital Trade Rules and Global Value Chains"],
        ],
        series,
      ),
      agenda: [],
      sponsors: [
        { tier: "host", name: ["中国人民大学经济学院", "School of Economics, Renmin University of China"] },
        { tier: "coHost", name: ["数字经济研究中心", "Center for Digital Economy Research"] },
        { tier: "media", name: EDITORIAL, link: "/about" },
      ],
    },
    {
      id: 900002,
      route: "/liveSpec2",
      title: ["金融科技前沿讲座", "Frontiers of FinTech: Lecture Series"],
      summary: [
        "金融科技如何改变支付、投研、监管与家庭理财？四位学者从央行数字货币、大模型、去中心化金融和智能投顾四个角度作答。",
        "How is financial technology changing payments, investment research, regulation and household finance? Four scholars answer from four angles: central bank digital currency, large language models, decentralized finance and robo-advice.",
      ],
      organizer: ["上海财经大学金融学院", "School of Finance, Shanghai University of Finance and Economics"],
      city: ["线上", "Online"],
      venue: ["经管学术圈直播间", "EconScholar live room"],
      starts: new Date(fintechLive.getTime() - 7 * DAY),
      ends: new Date(fintechLive.getTime() + 14 * DAY + 2 * HOUR),
      signup: { opens: new Date(today.getTime() - 20 * DAY), closes: new Date(fintechLive.getTime() + 14 * DAY), capacity: null, form: "specialEnroll" },
      guests: 4,
      sessions: [
        {
          title: ["央行数字货币的设计与影响", "Designing Central Bank Digital Currencies"],
          starts: new Date(fintechLive.getTime() - 7 * DAY),
          hours: 2,
          guest: 0,
        },
        { title: ["大模型在投资研究中的应用", "Large Language Models in Investment Research"], starts: fintechLive, hours: 2, guest: 1 },
        {
          title: ["去中心化金融的风险与监管", "Risks and Regulation of Decentralized Finance"],
          starts: new Date(fintechLive.getTime() + 7 * DAY),
          hours: 2,
          guest: 2,
        },
        { title: ["智能投顾与家庭资产配置", "Robo-Advice and Household Portfolios"], starts: new Date(fintechLive.getTime() + 14 * DAY), hours: 2, guest: 3 },
      ],
      agenda: [],
      sponsors: [
        { tier: "host", name: ["上海财经大学金融学院", "School of Finance, Shanghai University of Finance and Economics"] },
        { tier: "sponsor", name: ["金融科技研究院", "FinTech Research Institute"] },
        { tier: "media", name: EDITORIAL, link: "/about" },
      ],
    },
    {
      id: 900003,
      route: "/liveSpec3",
      title: ["青年学者线下沙龙：因果推断方法", "Young Scholars Salon: Causal Inference in Practice"],
      summary: [
        "一个下午，三场方法报告和一场圆桌：双重差分的新进展、合成控制法实操、断点回归的常见陷阱。现场六十个座位，报名后在线选座，同步直播。",
        "One afternoon, three methods talks and a panel: new work on difference-in-differences, synthetic control in practice, and common pitfalls of regression discontinuity. Sixty seats on site, chosen online after signing up; streamed live as well.",
      ],
      organizer: ["上海财经大学经济学院", "School of Economics, Shanghai University of Finance and Economics"],
      city: ["上海", "Shanghai"],
      venue: ["上海财经大学第一教学楼201报告厅", "Lecture Hall 201, Teaching Building 1, SUFE"],
      starts: clock(salonDay, "14:00"),
      ends: clock(salonDay, "17:45"),
      signup: { opens: new Date(today.getTime() - 5 * DAY), closes: clock(cstDay(salonDay, -3), "18:00"), capacity: 56, form: "specialSignUp" },
      guests: 4,
      sessions: [
        {
          title: ["青年学者沙龙：因果推断方法（直播）", "Young Scholars Salon: Causal Inference (live stream)"],
          starts: clock(salonDay, "14:00"),
          hours: 4,
          guest: 0,
        },
      ],
      agenda: [
        { day: 0, from: "14:00", to: "14:10", kind: "opening", title: ["开场致辞", "Welcome"] },
        {
          day: 0,
          from: "14:10",
          to: "15:00",
          kind: "session",
          title: ["双重差分的新进展：交错处理与异质性效应", "New Work on Difference-in-Differences: Staggered Treatment and Heterogeneous Effects"],
          guest: 0,
        },
        { day: 0, from: "15:00", to: "15:50", kind: "session", title: ["合成控制法实操", "Synthetic Control in Practice"], guest: 1 },
        { day: 0, from: "15:50", to: "16:05", kind: "break", title: ["茶歇", "Coffee break"] },
        {
          day: 0,
          from: "16:05",
          to: "16:55",
          kind: "session",
          title: ["断点回归设计的常见陷阱", "Common Pitfalls of Regression Discontinuity Designs"],
          guest: 2,
        },
        {
          day: 0,
          from: "16:55",
          to: "17:40",
          kind: "panel",
          title: ["圆桌：青年学者如何做好实证研究", "Panel: Doing Good Empirical Work as a Young Scholar"],
          guest: 3,
        },
      ],
      sponsors: [
        { tier: "host", name: ["上海财经大学经济学院", "School of Economics, Shanghai University of Finance and Economics"] },
        { tier: "media", name: EDITORIAL, link: "/about" },
      ],
      seats: { rows: 6, columns: 10, reserved: (row, number) => row === 0 && number <= 4 },
    },
    {
      id: 900004,
      route: "/liveSpec4",
      title: ["ESG与可持续金融论坛", "Forum on ESG and Sustainable Finance"],
      summary: [
        "学界与业界共同讨论ESG信息披露、气候风险定价、绿色债券与转型金融。论坛线上举行，报名后可参与问答并获取会议资料。",
        "Scholars and practitioners discuss ESG disclosure, the pricing of climate risk, green bonds and transition finance. The forum is online; sign up to join the Q&A and receive the materials.",
      ],
      organizer: ["清华大学经济管理学院", "School of Economics and Management, Tsinghua University"],
      city: ["线上", "Online"],
      venue: ["经管学术圈直播间", "EconScholar live room"],
      starts: clock(forumDay, "09:00"),
      ends: clock(forumDay, "17:00"),
      signup: { opens: new Date(today.getTime() - 15 * DAY), closes: clock(cstDay(forumDay, -1), "18:00"), capacity: 500, form: "specialSignUp" },
      guests: 5,
      sessions: [
        {
          title: ["ESG与可持续金融论坛（全天直播）", "Forum on ESG and Sustainable Finance (all-day stream)"],
          starts: clock(forumDay, "09:00"),
          hours: 8,
          guest: 0,
        },
      ],
      agenda: [
        { day: 0, from: "09:00", to: "09:15", kind: "opening", title: ["开幕致辞", "Opening remarks"] },
        {
          day: 0,
          from: "09:15",
          to: "10:15",
          kind: "keynote",
          title: ["主旨演讲：ESG信息披露的经济后果", "Keynote: The Economic Consequences of ESG Disclosure"],
          guest: 0,
        },
        { day: 0, from: "10:30", to: "11:30", kind: "session", title: ["气候风险如何进入资产价格", "How Climate Risk Enters Asset Prices"], guest: 1 },
        { day: 0, from: "13:30", to: "14:30", kind: "session", title: ["绿色债券的定价与认证", "Pricing and Certifying Green Bonds"], guest: 2 },
        {
          day: 0,
          from: "14:45",
          to: "15:45",
          kind: "session",
          title: ["转型金融：高碳行业的融资路径", "Transition Finance for Carbon-Intensive Industries"],
          guest: 3,
        },
        {
          day: 0,
          from: "16:00",
          to: "17:00",
          kind: "panel",
          title: ["圆桌：中国ESG投资的下一步", "Panel: What Comes Next for ESG Investing in China"],
          guest: 4,
        },
      ],
      sponsors: [
        { tier: "host", name: ["清华大学经济管理学院", "School of Economics and Management, Tsinghua University"] },
        { tier: "coHost", name: ["绿色金融研究中心", "Center for Green Finance"] },
        { tier: "sponsor", name: ["可持续投资联盟", "Sustainable Investment Alliance"] },
        { tier: "media", name: ["《金融研究》", "Journal of Financial Research"] },
        { tier: "media", name: EDITORIAL, link: "/about" },
      ],
    },
    {
      id: 900005,
      route: "/liveSpec5",
      title: ["中国宏观经济季度形势分析会", "Quarterly Review of China's Macroeconomy"],
      summary: [
        "每季度一次，研究团队发布宏观经济预测，并与专家讨论增长、通胀、财政与货币政策。本期已结束，可观看完整回放。",
        "Every quarter the research team presents its macroeconomic forecast and discusses growth, inflation, fiscal and monetary policy with experts. This edition is over; the full replay is available.",
      ],
      organizer: ["北京大学光华管理学院", "Guanghua School of Management, Peking University"],
      city: ["北京", "Beijing"],
      venue: ["北京大学光华管理学院阿里巴巴报告厅", "Alibaba Auditorium, Guanghua School of Management"],
      starts: clock(reviewDay, "14:00"),
      ends: clock(reviewDay, "17:30"),
      signup: { opens: clock(cstDay(reviewDay, -21), "09:00"), closes: clock(cstDay(reviewDay, -1), "18:00"), capacity: 300, form: "specialEnroll" },
      guests: 4,
      sessions: [
        {
          title: ["中国宏观经济季度形势分析会（回放）", "Quarterly Review of China's Macroeconomy (replay)"],
          starts: clock(reviewDay, "14:00"),
          hours: 3.5,
          guest: 0,
        },
      ],
      agenda: [
        { day: 0, from: "14:00", to: "14:40", kind: "keynote", title: ["季度宏观经济预测发布", "The quarterly forecast"], guest: 0 },
        { day: 0, from: "14:40", to: "15:30", kind: "session", title: ["消费复苏与居民资产负债表", "Consumption and Household Balance Sheets"], guest: 1 },
        {
          day: 0,
          from: "15:30",
          to: "16:20",
          kind: "session",
          title: ["地方财政与基础设施投资", "Local Public Finance and Infrastructure Investment"],
          guest: 2,
        },
        {
          day: 0,
          from: "16:30",
          to: "17:30",
          kind: "panel",
          title: ["圆桌：货币政策还有多大空间", "Panel: How Much Room Is Left for Monetary Policy"],
          guest: 3,
        },
      ],
      sponsors: [
        { tier: "host", name: ["北京大学光华管理学院", "Guanghua School of Management, Peking University"] },
        { tier: "media", name: EDITORIAL, link: "/about" },
      ],
    },
    {
      id: 900006,
      route: "/liveSpec6",
      title: ["管理学研究方法训练营", "Management Research Methods Bootcamp"],
      summary: [
        "连续五天，每天一个主题：研究设计、问卷与量表、面板数据、文本分析、论文写作与投稿。适合博士生与青年教师，结业颁发证书。",
        "Five days, one theme a day: research design, surveys and scales, panel data, text analysis, and writing and submitting papers. For doctoral students and junior faculty; a certificate on completion.",
      ],
      organizer: ["浙江大学管理学院", "School of Management, Zhejiang University"],
      city: ["线上", "Online"],
      venue: ["经管学术圈直播间", "EconScholar live room"],
      starts: clock(campDay, "19:00"),
      ends: clock(cstDay(campDay, 4), "21:00"),
      signup: { opens: new Date(today.getTime() - 5 * DAY), closes: clock(cstDay(campDay, -5), "18:00"), capacity: 200, form: "specialSignUp" },
      guests: 5,
      sessions: [
        ["研究设计：从问题到识别", "Research Design: From Question to Identification"],
        ["问卷设计与量表开发", "Survey Design and Scale Development"],
        ["面板数据模型实操", "Panel Data Models in Practice"],
        ["文本分析入门", "An Introduction to Text Analysis"],
        ["论文写作与期刊投稿", "Writing Papers and Submitting to Journals"],
      ].map(([zh, en], index) => ({ title: [zh, en] as Pair, starts: clock(cstDay(campDay, index), "19:00"), hours: 2, guest: index })),
      agenda: [],
      sponsors: [
        { tier: "host", name: ["浙江大学管理学院", "School of Management, Zhejiang University"] },
        { tier: "coHost", name: ["《管理世界》编辑部", "Management World"] },
        { tier: "media", name: EDITORIAL, link: "/about" },
      ],
    },
    {
      id: 900007,
      route: "/abfer",
      title: ["ABFER亚洲金融与经济研究专题", "ABFER Special: Research on Asian Finance and Economics"],
      summary: [
        "汇集亚洲金融与经济研究局（ABFER）系列学术活动的直播与回放：资本市场、公司治理、银行与气候风险、跨境资本流动。年会报名同步开放。",
        "Live talks and replays from the Asian Bureau of Finance and Economic Research (ABFER): capital markets, corporate governance, banking and climate risk, cross-border capital flows. Registration for the annual conference is open.",
      ],
      organizer: ["亚洲金融与经济研究局", "Asian Bureau of Finance and Economic Research"],
      city: ["新加坡", "Singapore"],
      venue: ["线上与新加坡", "Online and Singapore"],
      starts: inDays(-40, "20:00"),
      ends: new Date(acDay.getTime() + 3 * DAY),
      signup: { opens: new Date(today.getTime() - 60 * DAY), closes: deadline, capacity: null, form: "specialEnroll" },
      guests: 6,
      sessions: [
        { title: ["亚洲资本市场的流动性与定价", "Liquidity and Pricing in Asian Capital Markets"], starts: inDays(-40, "20:00"), hours: 1.5, guest: 0 },
        {
          title: ["家族企业与公司治理：亚洲证据", "Family Firms and Corporate Governance: Evidence from Asia"],
          starts: inDays(-12, "20:00"),
          hours: 1.5,
          guest: 1,
        },
        { title: ["气候风险与银行信贷", "Climate Risk and Bank Lending"], starts: inDays(9, "20:00"), hours: 1.5, guest: 2 },
        { title: ["跨境资本流动与汇率政策", "Cross-Border Capital Flows and Exchange Rate Policy"], starts: inDays(23, "20:00"), hours: 1.5, guest: 3 },
      ],
      agenda: [],
      sponsors: [
        { tier: "host", name: ["亚洲金融与经济研究局", "Asian Bureau of Finance and Economic Research"] },
        { tier: "coHost", name: ["新加坡国立大学商学院", "NUS Business School"] },
        { tier: "coHost", name: ["香港中文大学商学院", "CUHK Business School"] },
        { tier: "media", name: EDITORIAL, link: "/about" },
      ],
    },
    {
      id: 900008,
      route: "/abferac",
      title: [`ABFER ${acYear}年会`, `ABFER ${acYear} Annual Conference`],
      summary: [
        "亚洲金融与经济研究局年会在新加坡举行，三天的主旨演讲、论文报告和圆桌讨论覆盖资产定价、公司金融、银行与宏观金融。现场座位有限，报名成功后可在线选座。",
        "The Asian Bureau of Finance and Economic Research holds its annual conference in Singapore: three days of keynotes, paper sessions and panels on asset pricing, corporate finance, banking and macro-finance. Seats on site are limited; choose yours online once you have signed up.",
      ],
      organizer: ["亚洲金融与经济研究局", "Asian Bureau of Finance and Economic Research"],
      city: ["新加坡", "Singapore"],
      venue: ["新加坡国立大学商学院", "NUS Business School"],
      starts: clock(acDay, "08:30"),
      ends: clock(cstDay(acDay, 2), "12:20"),
      signup: { opens: new Date(today.getTime() - 30 * DAY), closes: deadline, capacity: 400, form: "specialSignUp" },
      guests: 8,
      sessions: [
        { title: [`ABFER ${acYear}年会主会场直播`, `ABFER ${acYear} Annual Conference: main hall live`], starts: clock(acDay, "08:30"), hours: 9, guest: 0 },
      ],
      agenda: conferenceAgenda(
        [
          ["主旨演讲：亚洲金融市场的结构性变化", "Keynote: Structural Change in Asian Financial Markets"],
          ["资产定价分论坛", "Asset Pricing Session"],
          ["公司金融分论坛", "Corporate Finance Session"],
          ["主旨演讲：银行体系与宏观审慎政策", "Keynote: Banking Systems and Macroprudential Policy"],
          ["宏观金融分论坛", "Macro-Finance Session"],
          ["可持续金融分论坛", "Sustainable Finance Session"],
          ["主旨演讲：科技如何重塑金融中介", "Keynote: How Technology Is Reshaping Financial Intermediation"],
        ],
        ["圆桌：亚洲资本市场开放的机遇与风险", "Panel: Opening Asia's Capital Markets, Opportunities and Risks"],
        3,
      ),
      sponsors: [
        { tier: "host", name: ["亚洲金融与经济研究局", "Asian Bureau of Finance and Economic Research"] },
        { tier: "coHost", name: ["新加坡国立大学商学院", "NUS Business School"] },
        { tier: "coHost", name: ["香港中文大学商学院", "CUHK Business School"] },
        { tier: "sponsor", name: ["亚洲金融研究基金", "Asia Finance Research Fund"] },
        { tier: "media", name: EDITORIAL, link: "/about" },
      ],
      seats: { rows: 8, columns: 14, reserved: (row) => row === 0 },
    },
    {
      id: 900009,
      route: "/2022acde",
      title: ["2022亚洲发展经济学大会", "Asian Conference on Development Economics 2022"],
      summary: [
        "大会聚焦亚洲的减贫、农村发展、人力资本与普惠金融，两天共六场报告与一场圆桌，全部在线举行。会议已结束，精彩内容可观看回放。",
        "The conference looked at poverty reduction, rural development, human capital and financial inclusion in Asia: six talks and a panel over two days, all online. It is over; the replays are available.",
      ],
      organizer: ["武汉大学经济与管理学院", "Economics and Management School, Wuhan University"],
      city: ["线上", "Online"],
      venue: ["经管学术圈直播间", "EconScholar live room"],
      starts: clock(acdeDay, "08:30"),
      ends: clock(cstDay(acdeDay, 1), "12:20"),
      signup: { opens: cst(2022, 11, 1, 9), closes: cst(2022, 12, 8, 18), capacity: null, form: "specialEnroll" },
      guests: 6,
      sessions: [
        { title: ["2022亚洲发展经济学大会 第一天（回放）", "ACDE 2022, day 1 (replay)"], starts: clock(acdeDay, "08:30"), hours: 9, guest: 0 },
        { title: ["2022亚洲发展经济学大会 第二天（回放）", "ACDE 2022, day 2 (replay)"], starts: clock(cstDay(acdeDay, 1), "09:00"), hours: 3.5, guest: 4 },
      ],
      agenda: conferenceAgenda(
        [
          ["主旨演讲：亚洲减贫的经验与新挑战", "Keynote: Poverty Reduction in Asia, Lessons and New Challenges"],
          ["农村土地制度改革与农民收入", "Rural Land Reform and Farm Incomes"],
          ["数字普惠金融与减贫", "Digital Financial Inclusion and Poverty Reduction"],
          ["主旨演讲：人力资本投资的长期回报", "Keynote: The Long-Run Returns to Investing in Human Capital"],
          ["劳动力迁移与城市化", "Labor Migration and Urbanization"],
        ],
        ["圆桌：发展经济学的田野实验", "Panel: Field Experiments in Development Economics"],
        2,
      ),
      sponsors: [
        { tier: "host", name: ["武汉大学经济与管理学院", "Economics and Management School, Wuhan University"] },
        { tier: "coHost", name: ["发展经济学研究中心", "Center for Development Economics"] },
        { tier: "media", name: EDITORIAL, link: "/about" },
      ],
    },
    {
      id: 900010,
      route: "/2023CFMEF",
      title: ["2023中国金融市场与经济预测论坛", "China Financial Markets and Economic Forecasting Forum 2023"],
      summary: [
        "论坛发布年度经济与金融市场预测，讨论利率走势、房地产、资本市场改革与人民币国际化。论坛已结束，可观看回放。",
        "The forum presented its annual forecast for the economy and financial markets and discussed interest rates, real estate, capital-market reform and the internationalization of the renminbi. It is over; the replay is available.",
      ],
      organizer: ["厦门大学经济学院", "School of Economics, Xiamen University"],
      city: ["厦门", "Xiamen"],
      venue: ["厦门大学经济楼报告厅", "Economics Building Auditorium, Xiamen University"],
      starts: clock(cfmefDay, "08:30"),
      ends: clock(cstDay(cfmefDay, 1), "12:20"),
      signup: { opens: cst(2023, 3, 1, 9), closes: cst(2023, 4, 12, 18), capacity: 600, form: "specialSignUp" },
      guests: 6,
      sessions: [{ title: ["2023中国金融市场与经济预测论坛（回放）", "CFMEF 2023 (replay)"], starts: clock(cfmefDay, "08:30"), hours: 9, guest: 0 }],
      agenda: conferenceAgenda(
        [
          ["年度中国宏观经济预测", "China's Macroeconomic Outlook for the Year"],
          ["利率走势与债券市场", "Interest Rates and the Bond Market"],
          ["房地产市场的调整与风险", "Adjustment and Risk in the Property Market"],
          ["年度金融市场预测", "The Year's Financial Market Outlook"],
          ["资本市场改革与注册制", "Capital-Market Reform and the Registration System"],
        ],
        ["圆桌：人民币国际化的下一步", "Panel: The Next Steps for Renminbi Internationalization"],
        2,
      ),
      sponsors: [
        { tier: "host", name: ["厦门大学经济学院", "School of Economics, Xiamen University"] },
        { tier: "coHost", name: ["宏观经济研究中心", "Center for Macroeconomic Research"] },
        { tier: "sponsor", name: ["海峡金融研究基金", "Straits Finance Research Fund"] },
        { tier: "media", name: EDITORIAL, link: "/about" },
      ],
    },
    {
      id: 900011,
      route: "/2023ames",
      title: ["2023计量经济学会亚洲会议", "Asian Meeting of the Econometric Society 2023"],
      summary: [
        "三天的会议涵盖计量理论、微观计量、宏观计量、产业组织与行为经济学。会议已结束，主旨演讲与部分分会场提供回放。",
        "Three days on econometric theory, microeconometrics, macroeconometrics, industrial organization and behavioral economics. The meeting is over; the keynotes and some sessions can be replayed.",
      ],
      organizer: ["中国人民大学经济学院", "School of Economics, Renmin University of China"],
      city: ["北京", "Beijing"],
      venue: ["中国人民大学明德主楼", "Mingde Building, Renmin University of China"],
      starts: clock(amesDay, "08:30"),
      ends: clock(cstDay(amesDay, 2), "12:20"),
      signup: { opens: cst(2023, 5, 1, 9), closes: cst(2023, 7, 20, 18), capacity: 800, form: "specialSignUp" },
      guests: 8,
      sessions: [
        { title: ["AMES 2023 主旨演讲（回放）", "AMES 2023 keynotes (replay)"], starts: clock(amesDay, "09:00"), hours: 1, guest: 0 },
        { title: ["AMES 2023 微观计量分会场（回放）", "AMES 2023 microeconometrics session (replay)"], starts: clock(amesDay, "10:20"), hours: 1.7, guest: 1 },
        {
          title: ["AMES 2023 宏观计量分会场（回放）", "AMES 2023 macroeconometrics session (replay)"],
          starts: clock(cstDay(amesDay, 1), "10:20"),
          hours: 1.7,
          guest: 5,
        },
      ],
      agenda: conferenceAgenda(
        [
          ["主旨演讲：高维数据下的因果推断", "Keynote: Causal Inference with High-Dimensional Data"],
          ["微观计量分会场", "Microeconometrics Session"],
          ["产业组织分会场", "Industrial Organization Session"],
          ["主旨演讲：宏观计量模型的识别", "Keynote: Identification in Macroeconometric Models"],
          ["宏观计量分会场", "Macroeconometrics Session"],
          ["行为经济学分会场", "Behavioral Economics Session"],
          ["主旨演讲：机器学习与经济预测", "Keynote: Machine Learning and Economic Forecasting"],
        ],
        ["圆桌：计量经济学教育在亚洲", "Panel: Teaching Econometrics in Asia"],
        3,
      ),
      sponsors: [
        { tier: "host", name: ["计量经济学会", "The Econometric Society"] },
        { tier: "coHost", name: ["中国人民大学经济学院", "School of Economics, Renmin University of China"] },
        { tier: "media", name: ["《经济学（季刊）》", "China Economic Quarterly"] },
        { tier: "media", name: EDITORIAL, link: "/about" },
      ],
    },
  ];
}

/** How many live plans the campaign specials add to the content seed's: their sessions, the same on any date. */
export const CAMPAIGN_PLAN_COUNT = campaignSpecials(new Date(0)).reduce((sum, special) => sum + special.sessions.length, 0);

const capitalized = (text: string) => text[0].toUpperCase() + text.slice(1);

/** The programme of a seeded conference, on its topic: two days of keynotes, sessions and a panel. */
function meetingAgenda(topicIndex: number, order: number): { talks: Pair[]; panel: Pair } {
  const [zh, en] = TOPICS[topicIndex];
  const { keywords, themes } = TOPIC_TEXTS[topicIndex];
  const [k1, k2] = [keywords[order % keywords.length], keywords[(order + 1) % keywords.length]];
  const keynote = themes[order % themes.length];
  const debate = themes[(order + 1) % themes.length];
  return {
    talks: [
      [`主旨演讲：${zh}研究的新方向`, `Keynote: New Directions in Research on ${en}`],
      [`平行分论坛一：${k1[0]}`, `Parallel session 1: ${capitalized(k1[1])}`],
      [`平行分论坛二：${k2[0]}`, `Parallel session 2: ${capitalized(k2[1])}`],
      [`主旨演讲：${keynote.title[0]}`, `Keynote: ${keynote.title[1]}`],
      ["青年学者论文报告", "Young scholars' paper presentations"],
    ],
    panel: [`圆桌讨论：${debate.title[0]}`, `Panel: ${debate.title[1]}`],
  };
}

/** A campaign session's summary: a talk of a series, the live stream of an event, or an event's recording. */
function sessionSummary(special: SpecialSeed, sort: number, speaker: ScholarRow): { summary: string; summaryEn: string } {
  const session = special.sessions[sort];
  const [s, sEn, o, oEn] = [speaker.name, speaker.name_en, speaker.org_name, speaker.org_name_en];
  if (session.title[0].includes("回放"))
    return {
      summary: `${special.title[0]}的会议录像，可回看${s}（${o}）等嘉宾的报告与讨论。`,
      summaryEn: `A recording from ${special.title[1]}: talks and discussion by ${sEn} (${oEn}) and other speakers.`,
    };
  if (special.sessions.length > 1)
    return {
      summary: `${special.title[0]}第${sort + 1}场：${s}（${o}）主讲“${session.title[0]}”，讲座后设问答环节。`,
      summaryEn: `${sEn} (${oEn}) speaks on “${session.title[1]}”, session ${sort + 1} of ${special.title[1]}. Questions from the audience follow.`,
    };
  return {
    summary: `${special.title[0]}全程直播，由${s}（${o}）担任主持，议程与嘉宾见活动页面。`,
    summaryEn: `The full live stream of ${special.title[1]}, chaired by ${sEn} (${oEn}). See the event page for the programme and speakers.`,
  };
}

interface ScholarRow {
  author_code: string;
  name: string;
  name_en: string;
  org_name: string;
  org_name_en: string;
  field: string;
}

export function isSpecialsSeeded(db: Db): boolean {
  return Boolean(db.prepare("SELECT 1 FROM special_signup LIMIT 1").get());
}

/**
 * Seeds the events. Runs after the content and live seeds (it links to their scholars and guests), and fills a
 * database seeded before migration 005 existed; a database that already has events is left as it is.
 */
export function seedSpecials(db: Db, now: Date): Record<string, number> {
  const counts: Record<string, number> = {};
  const scholars = db.prepare("SELECT author_code, name, name_en, org_name, org_name_en, field FROM scholars ORDER BY id").all() as ScholarRow[];
  const meetings = db.prepare("SELECT id, title, org_name, org_name_en, starts_at, ends_at, extra FROM items WHERE kind = 'meeting' ORDER BY id").all() as {
    id: number;
    title: string;
    org_name: string;
    org_name_en: string;
    starts_at: string;
    ends_at: string;
    extra: string;
  }[];
  if (!scholars.length) return counts;
  const count = (kind: string, by = 1) => {
    counts[kind] = (counts[kind] ?? 0) + by;
  };

  const insertItem = db.prepare(`INSERT INTO items (id, kind, title, title_en, summary, summary_en, cover, status, starts_at, ends_at,
    author_name, author_name_en, org_name, org_name_en, view_count, sort, link, extra, created_at)
    VALUES (@id, @kind, @title, @titleEn, @summary, @summaryEn, '', @status, @startsAt, @endsAt,
    @authorName, @authorNameEn, @orgName, @orgNameEn, @viewCount, @sort, @link, @extra, @createdAt)`);
  const setCover = db.prepare("UPDATE items SET cover = ? WHERE id = ?");
  const guestByCode = db.prepare("SELECT id FROM guests WHERE author_code = ? ORDER BY id LIMIT 1").pluck();
  const insertGuest = db.prepare("INSERT INTO guests (author_name, author_name_en, org_name, org_name_en, author_code) VALUES (?, ?, ?, ?, ?)");
  const insertSpecialGuest = db.prepare("INSERT OR IGNORE INTO special_guests (special_id, guest_id, sort) VALUES (?, ?, ?)");
  const insertSpecialPlan = db.prepare("INSERT INTO special_plans (special_id, plan_id, sort) VALUES (?, ?, ?)");
  const insertPlanGuest = db.prepare("INSERT OR IGNORE INTO plan_guests (plan_id, guest_id, role, sort) VALUES (?, ?, 'speaker', 0)");
  const insertMedia = db.prepare("INSERT INTO live_media (plan_id, stream_url, recording_url) VALUES (?, ?, ?)");
  const insertSignup = db.prepare("INSERT INTO special_signup (special_id, opens_at, closes_at, capacity, form) VALUES (?, ?, ?, ?, ?)");
  const insertAgenda =
    db.prepare(`INSERT INTO special_agenda (special_id, starts_at, ends_at, kind, title, title_en, speaker, speaker_en, org_name, org_name_en, place, place_en)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertSponsor = db.prepare("INSERT INTO special_sponsors (special_id, tier, name, name_en, link, sort) VALUES (?, ?, ?, ?, ?, ?)");
  const insertSeat = db.prepare("INSERT INTO special_seats (special_id, row_label, number, reserved) VALUES (?, ?, ?, ?)");

  /** The event's guests: scholars picked by a fixed stride, each reusing the guest row the live seed made for them. */
  const guestsFor = (order: number, total: number, pool?: ScholarRow[]) =>
    Array.from({ length: total }, (_, index) => {
      const scholar = pool ? pool[(order + index) % pool.length] : scholars[(order * 13 + index * 7) % scholars.length];
      const existing = guestByCode.get(scholar.author_code) as number | undefined;
      const id = existing ?? Number(insertGuest.run(scholar.name, scholar.name_en, scholar.org_name, scholar.org_name_en, scholar.author_code).lastInsertRowid);
      return { id, scholar };
    });

  const addAgenda = (specialId: number, firstDay: Date, agenda: AgendaSeed[], guests: { scholar: ScholarRow }[]) => {
    for (const entry of agenda) {
      const day = cstDay(firstDay, entry.day);
      const speaker = entry.guest === undefined ? null : guests[entry.guest % guests.length].scholar;
      insertAgenda.run(
        specialId,
        clock(day, entry.from).toISOString(),
        clock(day, entry.to).toISOString(),
        entry.kind,
        entry.title[0],
        entry.title[1],
        speaker?.name ?? "",
        speaker?.name_en ?? "",
        speaker?.org_name ?? "",
        speaker?.org_name_en ?? "",
        entry.place?.[0] ?? "",
        entry.place?.[1] ?? "",
      );
      count("agenda");
    }
  };

  const addSponsors = (specialId: number, sponsors: SpecialSeed["sponsors"]) => {
    sponsors.forEach((sponsor, sort) => {
      insertSponsor.run(specialId, sponsor.tier, sponsor.name[0], sponsor.name[1], sponsor.link ?? "", sort);
      count("sponsors");
    });
  };

  db.transaction(() => {
    const specials = campaignSpecials(now).map((special) => ({ special, plans: special.sessions.map((session) => seededPlan(session, now)) }));
    // The fixed ids first: a plan inserted in between would take the next id after a special's.
    specials.forEach(({ special, plans }, order) => {
      const { status } = eventState({ startsAt: special.starts.toISOString(), endsAt: special.ends.toISOString() }, plans, now);
      insertItem.run({
        id: special.id,
        kind: "liveSpecial",
        title: special.title[0],
        titleEn: special.title[1],
        summary: special.summary[0],
        summaryEn: special.summary[1],
        status,
        startsAt: special.starts.toISOString(),
        endsAt: special.ends.toISOString(),
        authorName: "",
        authorNameEn: "",
        orgName: special.organizer[0],
        orgNameEn: special.organizer[1],
        viewCount: 8_000 + order * 3_517,
        sort: status === LIVE.living ? 100 : status < LIVE.over ? 60 : 0,
        link: special.route,
        extra: JSON.stringify({ route: special.route, city: special.city[0], cityEn: special.city[1], venue: special.venue[0], venueEn: special.venue[1] }),
        createdAt: now.toISOString(),
      });
      setCover.run(`/media/poster/${special.id}.svg`, special.id);
      count("specials");
    });

    specials.forEach(({ special, plans }, order) => {
      const guests = guestsFor(order, special.guests);
      guests.forEach((guest, sort) => insertSpecialGuest.run(special.id, guest.id, sort));
      count("guests", guests.length);

      special.sessions.forEach((session, sort) => {
        const plan = plans[sort];
        const speaker = guests[session.guest % guests.length];
        const planStatusNow = planState(plan, now);
        const planId = Number(
          insertItem.run({
            id: sessionPlanId(order, sort),
            kind: "live",
            title: session.title[0],
            titleEn: session.title[1],
            ...sessionSummary(special, sort, speaker.scholar),
            status: planStatusNow,
            startsAt: plan.startsAt,
            endsAt: plan.endsAt,
            authorName: speaker.scholar.name,
            authorNameEn: speaker.scholar.name_en,
            orgName: speaker.scholar.org_name,
            orgNameEn: speaker.scholar.org_name_en,
            viewCount: 1_200 + ((special.id + sort * 977) % 40_000),
            sort: planStatusNow === LIVE.living ? 100 : planStatusNow === LIVE.upcoming ? 50 : 0,
            link: "/viewLive?id={id}",
            extra: JSON.stringify({ specialId: special.id, guests: 1 }),
            createdAt: now.toISOString(),
          }).lastInsertRowid,
        );
        setCover.run(`/media/poster/${planId}.svg`, planId);
        insertSpecialPlan.run(special.id, planId, sort);
        insertPlanGuest.run(planId, speaker.id);
        if (planStatusNow === LIVE.living) insertMedia.run(planId, LOCAL_CLIP, null);
        if (planStatusNow === LIVE.replay) insertMedia.run(planId, null, LOCAL_CLIP);
        count("plans");
      });

      insertSignup.run(
        special.id,
        special.signup.opens?.toISOString() ?? null,
        special.signup.closes.toISOString(),
        special.signup.capacity,
        special.signup.form,
      );
      addAgenda(special.id, cstDay(special.starts), special.agenda, guests);
      addSponsors(special.id, special.sponsors);
      if (special.seats) {
        const { rows, columns, reserved } = special.seats;
        for (let row = 0; row < rows; row++) {
          for (let number = 1; number <= columns; number++) insertSeat.run(special.id, String.fromCharCode(65 + row), number, reserved(row, number) ? 1 : 0);
        }
        count("seats", rows * columns);
      }
    });

    meetings.forEach((meeting, order) => {
      const found = TOPICS.findIndex(([zh]) => meeting.title.includes(zh));
      const topicIndex = found >= 0 ? found : order % TOPICS.length;
      const topic = TOPICS[topicIndex];
      const days = Math.max(1, Math.round((Date.parse(meeting.ends_at) - Date.parse(meeting.starts_at)) / DAY));
      // A conference's guests work on its topic (the scholars of a field, when there are enough of them).
      const inField = scholars.filter((scholar) => scholar.field === topic[0]);
      const total = 4 + (order % 3);
      const guests = inField.length >= total ? guestsFor(order, total, inField) : guestsFor(order + 20, total);
      guests.forEach((guest, sort) => insertSpecialGuest.run(meeting.id, guest.id, sort));
      count("guests", guests.length);
      const { talks, panel } = meetingAgenda(topicIndex, order);
      addAgenda(meeting.id, cstDay(new Date(meeting.starts_at)), conferenceAgenda(talks, panel, Math.min(days, 2)), guests);
      addSponsors(meeting.id, [
        { tier: "host", name: [meeting.org_name, meeting.org_name_en] },
        { tier: "coHost", name: [`${topic[0]}研究中心`, `Research Center for ${topic[1]}`] },
        { tier: "media", name: EDITORIAL, link: "/about" },
      ]);
      const deadline = (JSON.parse(meeting.extra) as { deadline?: string }).deadline ?? meeting.starts_at;
      const opens = new Date(Date.parse(meeting.starts_at) - 60 * DAY).toISOString();
      insertSignup.run(meeting.id, opens, deadline, 200 + (order % 3) * 100, "specialSignUp");
      count("meetings");
    });
  })();
  return counts;
}

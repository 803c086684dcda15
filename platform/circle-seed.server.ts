import type { Db } from "./kernel/db.server.ts";
import { storeImage } from "./files.server.ts";
import { avatarPng, chartPng } from "./seed-images.server.ts";

/**
 * The circle's seed: economists, finance and management scholars posting as they would, Chinese scholars in Chinese and
 * international ones in English (a post is shown as its author wrote it, in either interface language), some with
 * 1–9 charts, with comments, replies and praises. The people have no phone or password: nobody can sign in as them.
 */

const PEOPLE = [
  { key: "chen-siyuan", nickname: "陈思远" },
  { key: "lin-xiaolan", nickname: "林晓岚" },
  { key: "wang-zhiqiang", nickname: "王志强" },
  { key: "zhao-yutong", nickname: "赵雨桐" },
  { key: "zhou-mingzhe", nickname: "周明哲" },
  { key: "emily-carter", nickname: "Emily Carter" },
  { key: "rahul-mehta", nickname: "Rahul Mehta" },
  { key: "sofia-lindqvist", nickname: "Sofia Lindqvist" },
] as const;

type Person = (typeof PEOPLE)[number]["key"];

interface SeedComment {
  by: Person;
  text: string;
  /** Index of the earlier comment on the same post this one answers. */
  replyTo?: number;
}

interface SeedPost {
  by: Person;
  hoursAgo: number;
  text: string;
  images: number;
  praisedBy: Person[];
  comments?: SeedComment[];
}

const POSTS: SeedPost[] = [
  {
    by: "chen-siyuan",
    hoursAgo: 200,
    text: "刚结束在云南的田野调查，三个县的小额信贷覆盖率差异比预想的还大。整理了几张初步的描述性统计图，欢迎大家拍砖。样本量还在补，下个月会更新。",
    images: 3,
    praisedBy: ["lin-xiaolan", "zhao-yutong", "emily-carter"],
    comments: [
      { by: "zhao-yutong", text: "图二的趋势很有意思，东部县的覆盖率是不是和数字金融的普及有关？" },
      { by: "chen-siyuan", text: "有关系，我们用县级的支付宝使用指数做了分组，差异主要来自这里。", replyTo: 0 },
    ],
  },
  {
    by: "emily-carter",
    hoursAgo: 180,
    text: "New working paper out: minimum wage increases in UK local labour markets, 2012–2022. Employment effects are close to zero, but hours fall for part-time workers. Comments very welcome!",
    images: 2,
    praisedBy: ["rahul-mehta", "sofia-lindqvist", "chen-siyuan", "wang-zhiqiang"],
    comments: [
      { by: "rahul-mehta", text: "Great paper! Did you look at heterogeneity by firm size?" },
      { by: "emily-carter", text: "Yes, section 5: the effects on hours are somewhat larger in firms with fewer than 50 employees.", replyTo: 0 },
    ],
  },
  {
    by: "lin-xiaolan",
    hoursAgo: 160,
    text: "分享一个小发现：2015年以来A股的动量效应在小盘股里几乎消失，但在行业层面依然显著。用的是Fama-French五因子调整后的收益。有做资产定价的朋友一起讨论吗？",
    images: 2,
    praisedBy: ["zhou-mingzhe", "rahul-mehta"],
    comments: [{ by: "zhou-mingzhe", text: "行业动量会不会和机构抱团有关？可以看看公募基金持仓集中度。" }],
  },
  {
    by: "wang-zhiqiang",
    hoursAgo: 140,
    text: "今天组会讨论了远程办公对团队创新的影响。我们的问卷数据显示，混合办公的团队在“弱关系”沟通上明显减少。推荐 Yang 等人 2022 年发表在 Nature Human Behaviour 上的文章。",
    images: 0,
    praisedBy: ["sofia-lindqvist"],
  },
  {
    by: "rahul-mehta",
    hoursAgo: 120,
    text: "Interesting pattern in retail trading data: investors who receive push notifications trade 30% more in the following hour, mostly in stocks they already hold. Attention really is a scarce resource.",
    images: 3,
    praisedBy: ["lin-xiaolan", "emily-carter"],
  },
  {
    by: "zhao-yutong",
    hoursAgo: 100,
    text: "求助：面板数据里同时有个体固定效应和时间固定效应时，交错DID（staggered DID）的估计偏误怎么处理比较稳妥？目前在看 Callaway & Sant'Anna 和 Sun & Abraham 的方法。",
    images: 0,
    praisedBy: ["chen-siyuan"],
    comments: [
      { by: "lin-xiaolan", text: "推荐先读 Goodman-Bacon (2021) 的分解，搞清楚“坏比较”出在哪里。" },
      { by: "chen-siyuan", text: "同意，另外 de Chaisemartin 和 D'Haultfœuille 的估计量也可以作为稳健性检验。", replyTo: 0 },
      { by: "zhao-yutong", text: "谢谢两位老师！我先把 Bacon 分解做出来。", replyTo: 1 },
    ],
  },
  {
    by: "sofia-lindqvist",
    hoursAgo: 90,
    text: "Reading group this week: Christensen's “The Innovator's Dilemma”, twenty-five years on. Which of its predictions held up, and which did platform economics overturn?",
    images: 0,
    praisedBy: ["wang-zhiqiang", "emily-carter"],
  },
  {
    by: "zhou-mingzhe",
    hoursAgo: 75,
    text: "年报季读了二十多份上市公司的ESG报告，做了个简单的文本分析：“碳中和”一词的出现频率三年里翻了四倍，但真正披露量化减排目标的公司不到三成。",
    images: 4,
    praisedBy: ["lin-xiaolan", "wang-zhiqiang", "sofia-lindqvist"],
  },
  {
    by: "emily-carter",
    hoursAgo: 60,
    text: "Teaching tip for intro econometrics: I now start with a simulated dataset where students know the true effect, then let them break OLS with an omitted variable. Engagement went way up.",
    images: 6,
    praisedBy: ["sofia-lindqvist", "zhao-yutong"],
    comments: [{ by: "sofia-lindqvist", text: "Stealing this for my MBA statistics class next term." }],
  },
  {
    by: "chen-siyuan",
    hoursAgo: 48,
    text: "周末带学生去了浙江的数字乡村试点，电商直播对农户收入的带动很直观，但收益明显向头部主播集中。用九张图记录一下这两天整理的数据。",
    images: 9,
    praisedBy: ["zhao-yutong", "zhou-mingzhe", "lin-xiaolan", "rahul-mehta"],
  },
  {
    by: "lin-xiaolan",
    hoursAgo: 36,
    text: "本周五下午在经管楼302有一场关于央行数字货币与货币政策传导的研讨会，欢迎感兴趣的老师同学参加，现场有茶歇。",
    images: 1,
    praisedBy: ["chen-siyuan"],
  },
  {
    by: "rahul-mehta",
    hoursAgo: 28,
    text: "The replication package for our household portfolio paper is now public (code and synthetic data). Reproducibility should be the default, not the exception.",
    images: 0,
    praisedBy: ["emily-carter", "wang-zhiqiang"],
  },
  {
    by: "wang-zhiqiang",
    hoursAgo: 20,
    text: "审稿意见回来了，两个小修一个大修。最难回应的是内生性问题，准备补一个工具变量。做管理学实证的朋友，大家一般用什么工具变量？",
    images: 0,
    praisedBy: [],
    comments: [{ by: "zhou-mingzhe", text: "行业层面的同群均值用得比较多，但要小心排他性约束，审稿人一般会追问。" }],
  },
  {
    by: "sofia-lindqvist",
    hoursAgo: 12,
    text: "Our survey of 400 Nordic start-ups: firms that hired their first manager before employee 20 grew faster, but only in hardware. Software firms did better staying flat for longer.",
    images: 4,
    praisedBy: ["wang-zhiqiang", "rahul-mehta"],
  },
  {
    by: "zhao-yutong",
    hoursAgo: 5,
    text: "第一次在学术会议上做报告，紧张但很有收获。评议人的建议特别中肯：把机制检验放在前面，先让读者相信因果关系。附上报告里的一张图。",
    images: 1,
    praisedBy: ["chen-siyuan", "lin-xiaolan", "emily-carter"],
  },
];

const USER_NAME = (key: string) => `circle:${key}`;

export function isCircleSeeded(db: Db): boolean {
  return Boolean(db.prepare("SELECT 1 FROM users WHERE user_name = ?").get(USER_NAME(PEOPLE[0].key)));
}

/** Seeds the circle once (a database that already has its people is left as it is). */
export function seedCircle(db: Db, now: Date, uploadsDir: string): void {
  if (isCircleSeeded(db)) return;
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  let chart = 0;
  db.transaction(() => {
    const ids = new Map<Person, number>();
    const addUser = db.prepare("INSERT INTO users (user_name, nickname, portrait_url, created_at) VALUES (?, ?, ?, ?)");
    PEOPLE.forEach((person, index) => {
      const avatar = storeImage(uploadsDir, avatarPng(index), "image/png");
      ids.set(person.key, Number(addUser.run(USER_NAME(person.key), person.nickname, avatar, hoursAgo(24 * 400)).lastInsertRowid));
    });
    // Colleagues follow each other: each person follows the next three.
    const addFollow = db.prepare("INSERT INTO user_follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)");
    PEOPLE.forEach((person, index) => {
      for (let step = 1; step <= 3; step++) addFollow.run(ids.get(person.key), ids.get(PEOPLE[(index + step) % PEOPLE.length].key), hoursAgo(24 * 300));
    });
    const addPost = db.prepare("INSERT INTO circle_posts (user_id, content, created_at) VALUES (?, ?, ?)");
    const addImage = db.prepare("INSERT INTO circle_images (post_id, position, url) VALUES (?, ?, ?)");
    const addPraise = db.prepare("INSERT INTO circle_praises (post_id, user_id, created_at) VALUES (?, ?, ?)");
    const addComment = db.prepare("INSERT INTO comments (kind, target_id, user_id, reply_to_id, content, created_at) VALUES ('circle', ?, ?, ?, ?, ?)");
    for (const post of POSTS) {
      const postId = Number(addPost.run(ids.get(post.by), post.text, hoursAgo(post.hoursAgo)).lastInsertRowid);
      for (let position = 0; position < post.images; position++) addImage.run(postId, position, storeImage(uploadsDir, chartPng(++chart), "image/png"));
      for (const person of post.praisedBy) addPraise.run(postId, ids.get(person), hoursAgo(post.hoursAgo - 1));
      const commentIds: number[] = [];
      post.comments?.forEach((comment, index) => {
        const replyTo = comment.replyTo === undefined ? null : commentIds[comment.replyTo];
        const at = hoursAgo(post.hoursAgo - 1 - index);
        commentIds.push(Number(addComment.run(postId, ids.get(comment.by), replyTo, comment.text, at).lastInsertRowid));
      });
    }
  })();
}

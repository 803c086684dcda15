import type { Db } from "./kernel/db.server.ts";
import { SEEDED_VIDEO_URL } from "./engagement-seed.server.ts";

interface SeedLesson {
  kind: "video" | "doc";
  title: string;
  titleEn: string;
  minutes: number;
  preview?: boolean;
  body?: [string, string];
}

interface SeedCourse {
  title: string;
  titleEn: string;
  summary: string;
  summaryEn: string;
  author: [string, string];
  org: [string, string];
  priceFen: number;
  lessons: SeedLesson[];
}

const COURSES: SeedCourse[] = [
  {
    title: "因果推断十二讲：从随机实验到双重差分",
    titleEn: "Causal Inference in Twelve Lectures: From Experiments to Difference-in-Differences",
    summary: "从潜在结果框架出发，讲清随机实验、工具变量、断点回归与双重差分的识别假设，每讲配有 Stata 与 R 的复现代码。",
    summaryEn:
      "Starting from potential outcomes, the course sets out the identifying assumptions of experiments, instrumental variables, regression discontinuity and difference-in-differences, with Stata and R code for every lecture.",
    author: ["陈立群", "Chen Liqun"],
    org: ["北京大学国家发展研究院", "National School of Development, Peking University"],
    priceFen: 19_900,
    lessons: [
      { kind: "video", title: "第一讲 潜在结果与选择偏差", titleEn: "Lecture 1: Potential outcomes and selection bias", minutes: 42, preview: true },
      {
        kind: "doc",
        title: "讲义 识别假设清单",
        titleEn: "Notes: a checklist of identifying assumptions",
        minutes: 15,
        preview: true,
        body: [
          "每一种识别策略都对应一条可以陈述、部分可以检验的假设。随机实验依赖分配与潜在结果独立；工具变量依赖排他性约束与相关性；断点回归依赖断点附近潜在结果的连续性；双重差分依赖平行趋势。\n写论文时，先用一句话写下你的假设，再列出它最可能被违反的情形，以及你用什么证据回应。",
          "Every identification strategy rests on an assumption you can state and, in part, test. Experiments rely on assignment being independent of potential outcomes; instruments on exclusion and relevance; regression discontinuity on continuity of potential outcomes at the cutoff; difference-in-differences on parallel trends.\nWhen you write a paper, state your assumption in one sentence, list the ways it is most likely to fail, and say what evidence answers each.",
        ],
      },
      { kind: "video", title: "第二讲 随机实验的设计与功效", titleEn: "Lecture 2: Designing experiments and their power", minutes: 48 },
      { kind: "video", title: "第三讲 工具变量与弱工具问题", titleEn: "Lecture 3: Instrumental variables and weak instruments", minutes: 51 },
      {
        kind: "doc",
        title: "讲义 双重差分的事件研究图",
        titleEn: "Notes: event-study plots for difference-in-differences",
        minutes: 20,
        body: [
          "事件研究图把处理前后各期的系数画在一起：处理前的系数应当接近零，它们是平行趋势的证据而不是证明。交错处理时，双向固定效应估计量可能给部分组别负权重，应改用 Callaway–Sant'Anna 或 Sun–Abraham 估计量。",
          "An event-study plot puts the coefficients of the periods before and after treatment side by side: the leads should sit near zero, evidence for parallel trends rather than proof. With staggered adoption the two-way fixed-effects estimator can give some groups negative weights; use the Callaway–Sant'Anna or Sun–Abraham estimators instead.",
        ],
      },
    ],
  },
  {
    title: "Stata 实证研究方法：从数据清理到回归报告",
    titleEn: "Empirical Research with Stata: From Data Cleaning to Regression Tables",
    summary: "面向研究生的 Stata 实操课：数据导入与清理、面板数据结构、固定效应回归、稳健标准误与论文级表格输出。",
    summaryEn:
      "A hands-on Stata course for graduate students: importing and cleaning data, panel structures, fixed-effects regressions, robust standard errors and publication-ready tables.",
    author: ["王晓明", "Wang Xiaoming"],
    org: ["中国人民大学经济学院", "School of Economics, Renmin University of China"],
    priceFen: 9_900,
    lessons: [
      { kind: "video", title: "第一课 工作流程与可复现的 do 文件", titleEn: "Lesson 1: A workflow and reproducible do-files", minutes: 35, preview: true },
      { kind: "video", title: "第二课 合并、重塑与缺失值", titleEn: "Lesson 2: Merging, reshaping and missing values", minutes: 44 },
      { kind: "video", title: "第三课 面板数据与固定效应", titleEn: "Lesson 3: Panel data and fixed effects", minutes: 47 },
      {
        kind: "doc",
        title: "讲义 标准误该聚类到哪一层",
        titleEn: "Notes: at which level to cluster standard errors",
        minutes: 12,
        body: [
          "聚类层级应当与处理分配的层级一致：政策在省级实施，就至少聚类到省。聚类数少于三十时，使用野聚类自助法。",
          "Cluster at the level at which treatment is assigned: a policy set by province calls for clustering by province at least. With fewer than thirty clusters, use the wild cluster bootstrap.",
        ],
      },
    ],
  },
  {
    title: "宏观经济学前沿：货币政策与金融稳定",
    titleEn: "Frontiers of Macroeconomics: Monetary Policy and Financial Stability",
    summary: "梳理近十年货币政策研究的主线：零利率下限、前瞻指引、量化宽松与宏观审慎政策，并讨论中国的实践。",
    summaryEn:
      "The main lines of a decade of monetary-policy research: the zero lower bound, forward guidance, quantitative easing and macroprudential policy, with a discussion of China's practice.",
    author: ["刘思远", "Liu Siyuan"],
    org: ["清华大学五道口金融学院", "PBC School of Finance, Tsinghua University"],
    priceFen: 29_900,
    lessons: [
      { kind: "video", title: "第一讲 零利率下限之后", titleEn: "Lecture 1: After the zero lower bound", minutes: 50, preview: true },
      { kind: "video", title: "第二讲 前瞻指引的效果", titleEn: "Lecture 2: How forward guidance works", minutes: 46 },
      {
        kind: "doc",
        title: "讲义 宏观审慎工具一览",
        titleEn: "Notes: the macroprudential toolkit",
        minutes: 18,
        body: [
          "宏观审慎工具分为三类：针对借款人的贷款价值比与债务收入比上限，针对银行资本的逆周期资本缓冲，以及针对流动性的流动性覆盖率要求。",
          "Macroprudential tools come in three kinds: limits on borrowers (loan-to-value and debt-to-income caps), on bank capital (the countercyclical capital buffer), and on liquidity (the liquidity coverage ratio).",
        ],
      },
    ],
  },
];

const GOODS = [
  {
    title: "《经济研究方法》精装本（作者签名版）",
    titleEn: "Methods of Economic Research, hardcover (signed)",
    summary: "一本写给研究生的方法书：选题、识别、数据与写作。精装，作者亲笔签名，限量发售。",
    summaryEn: "A methods book for graduate students: choosing a question, identification, data and writing. Hardcover, signed by the author, limited run.",
    priceFen: 12_800,
    stock: 3,
  },
  {
    title: "经管学术圈 帆布托特包",
    titleEn: "EconScholar canvas tote bag",
    summary: "厚实帆布，可装下笔记本电脑与一摞论文。",
    summaryEn: "Heavy canvas, room for a laptop and a stack of papers.",
    priceFen: 5_900,
    stock: 200,
  },
];

const DAY = 86_400_000;

/** Puts seeded courses (with their lessons), goods and coupon-centre coupons in a new database. */
export function seedShop(db: Db, now: Date): void {
  if (db.prepare("SELECT COUNT(*) FROM products").pluck().get()) return;
  const created = now.toISOString();
  const from = new Date(now.getTime() - DAY).toISOString();
  const until = new Date(now.getTime() + 90 * DAY).toISOString();
  db.transaction(() => {
    const item =
      db.prepare(`INSERT INTO items (kind, title, title_en, summary, summary_en, cover, author_name, author_name_en, org_name, org_name_en, link, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const product = db.prepare("INSERT INTO products (item_id, kind, price_fen, stock) VALUES (?, ?, ?, ?)");
    const lesson = db.prepare(`INSERT INTO course_lessons (course_id, position, kind, title, title_en, minutes, preview, video_url, body, body_en)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    for (const course of COURSES) {
      const itemId = Number(
        item.run(
          "course",
          course.title,
          course.titleEn,
          course.summary,
          course.summaryEn,
          "",
          ...course.author,
          ...course.org,
          "/boutiqueSpec?id={id}",
          created,
        ).lastInsertRowid,
      );
      db.prepare("UPDATE items SET cover = ? WHERE id = ?").run(`/media/poster/${itemId}.svg`, itemId);
      product.run(itemId, "course", course.priceFen, null);
      course.lessons.forEach((entry, position) =>
        lesson.run(
          itemId,
          position + 1,
          entry.kind,
          entry.title,
          entry.titleEn,
          entry.minutes,
          entry.preview ? 1 : 0,
          entry.kind === "video" ? SEEDED_VIDEO_URL : null,
          entry.body?.[0] ?? "",
          entry.body?.[1] ?? "",
        ),
      );
    }
    for (const goods of GOODS) {
      const itemId = Number(
        item.run("goods", goods.title, goods.titleEn, goods.summary, goods.summaryEn, "", "", "", "", "", "/goodsDetail?id={id}", created).lastInsertRowid,
      );
      db.prepare("UPDATE items SET cover = ? WHERE id = ?").run(`/media/poster/${itemId}.svg`, itemId);
      product.run(itemId, "goods", goods.priceFen, goods.stock);
    }
    const coupon = db.prepare(
      "INSERT INTO coupons (title, title_en, kind, amount_fen, percent, threshold_fen, scope, valid_from, valid_until, remaining) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    coupon.run("新人专享 满99减20", "New members: ¥20 off orders of ¥99", "amount", 2_000, 100, 9_900, "all", from, until, 10_000);
    coupon.run("精品课程 85折", "15% off boutique courses", "discount", 0, 85, 0, "course", from, until, 10_000);
    coupon.run("周边好物 满100减10", "Merchandise: ¥10 off orders of ¥100", "amount", 1_000, 100, 10_000, "goods", from, until, 500);
    const special = db.prepare(
      "INSERT INTO coupons (title, title_en, kind, amount_fen, percent, threshold_fen, scope, valid_from, valid_until, remaining, channel) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    special.run("好友助力 课程立减30元", "Friends' help: ¥30 off a course", "amount", 3_000, 100, 9_900, "course", from, until, 100_000, "help");
    special.run("新人礼 无门槛立减10元", "Welcome gift: ¥10 off, no minimum", "amount", 1_000, 100, 0, "all", from, until, 100_000, "newcomer");
  })();
}

import type { Db } from "./kernel/db.server.ts";
import { sanitizeRichText } from "./rich-text/index.server.ts";

/**
 * Seeded articles (ADR 023): a dozen essays by scholars who write here, in Chinese and English, some with formulas, one
 * for followers only and one only its writer sees; and every essay item seeded before essays had their own table
 * becomes a released public essay of its scholar. Idempotent: runs on every start, adds only what is missing.
 */

type Visibility = "public" | "self" | "followers" | "mutual";

interface SeedEssay {
  writer: number;
  title: [string, string];
  intro: [string, string];
  /** Paragraphs; a paragraph starting "## " is a heading. Formulas are written as $…$ / $$…$$. */
  body: [string[], string[]];
  visibility?: Visibility;
  daysAgo: number;
  views: number;
}

/** The writers: scholar accounts (no password; nobody logs in as them), each a claimed scholar of the seed. */
const WRITERS: { userName: string; nickname: string; nicknameEn: string }[] = [
  { userName: "essay-writer-1", nickname: "林知远", nicknameEn: "Lin Zhiyuan" },
  { userName: "essay-writer-2", nickname: "周晓岚", nicknameEn: "Zhou Xiaolan" },
  { userName: "essay-writer-3", nickname: "陈博文", nicknameEn: "Chen Bowen" },
  { userName: "essay-writer-4", nickname: "Hannah Weiss", nicknameEn: "Hannah Weiss" },
  { userName: "essay-writer-5", nickname: "许慕白", nicknameEn: "Xu Mubai" },
];

const ESSAYS: SeedEssay[] = [
  {
    writer: 0,
    title: ["CAPM 还有用吗？写给刚入门的资产定价研究者", "Is the CAPM still useful? A note for new asset-pricing researchers"],
    intro: [
      "从单因子到多因子，CAPM 的价值在于它给出了检验的基准。",
      "From one factor to many: the CAPM matters because it is the benchmark every test starts from.",
    ],
    body: [
      [
        "资本资产定价模型说，一项资产的期望超额收益只由它对市场组合的暴露决定：$E[R_i] - R_f = \\beta_i (E[R_m] - R_f)$，其中 $\\beta_i = \\mathrm{Cov}(R_i, R_m) / \\mathrm{Var}(R_m)$。",
        "经验上，低贝塔股票的收益高于模型预测，高贝塔股票则偏低，这就是著名的“贝塔异象”。但这并不意味着模型无用：几乎所有多因子模型都从这条基准出发，用额外的因子解释它解释不了的部分。",
        "## 给青年学者的建议",
        "先用 Fama-MacBeth 两步法复现经典结果，再讨论你的新因子是否在控制市场、规模和价值之后仍然显著。截距 $\\alpha$ 是否为零，才是检验的核心。",
      ],
      [
        "The capital asset pricing model says an asset's expected excess return depends only on its exposure to the market portfolio: $E[R_i] - R_f = \\beta_i (E[R_m] - R_f)$, with $\\beta_i = \\mathrm{Cov}(R_i, R_m) / \\mathrm{Var}(R_m)$.",
        "Empirically, low-beta stocks earn more than the model predicts and high-beta stocks less: the well-known beta anomaly. That does not make the model useless. Nearly every multi-factor model starts from this benchmark and adds factors for what it cannot explain.",
        "## Advice for young scholars",
        "Reproduce the classic results with the two-step Fama-MacBeth procedure first, then ask whether your new factor survives controls for market, size and value. Whether the intercept $\\alpha$ is zero is the heart of the test.",
      ],
    ],
    daysAgo: 2,
    views: 3120,
  },
  {
    writer: 1,
    title: ["双重差分的平行趋势：如何检验，何时放弃", "Parallel trends in difference-in-differences: how to test them, and when to give up"],
    intro: ["事件研究图不是装饰，是识别假设的证据。", "An event-study plot is not decoration: it is the evidence for your identifying assumption."],
    body: [
      [
        "标准的双重差分估计量可以写成 $$\\hat\\delta = (\\bar y_{T,post} - \\bar y_{T,pre}) - (\\bar y_{C,post} - \\bar y_{C,pre})$$ 它成立的前提是：如果没有政策，处理组和对照组的结果会平行变化。",
        "检验的办法是估计动态效应：把处理前各期的系数画出来，它们应当在零附近且没有趋势。审稿人最先看的就是这张图。",
        "当处理时点交错时，传统双向固定效应估计可能给早处理组赋负权重。Callaway-Sant'Anna 或 Sun-Abraham 的估计量更稳健，值得作为主结果或稳健性检验。",
      ],
      [
        "The standard difference-in-differences estimator can be written $$\\hat\\delta = (\\bar y_{T,post} - \\bar y_{T,pre}) - (\\bar y_{C,post} - \\bar y_{C,pre})$$ It holds only if, without the policy, treated and control outcomes would have moved in parallel.",
        "Test it by estimating dynamic effects: plot the coefficients of the periods before treatment. They should sit near zero with no trend. It is the first figure a referee looks at.",
        "With staggered adoption, two-way fixed effects can give early-treated units negative weights. The Callaway-Sant'Anna or Sun-Abraham estimators are more robust and belong in the main results or the robustness checks.",
      ],
    ],
    daysAgo: 3,
    views: 5480,
  },
  {
    writer: 2,
    title: ["数字人民币会改变货币政策的传导吗", "Will the digital yuan change how monetary policy is transmitted?"],
    intro: [
      "计息与否，是央行数字货币设计里最关键的一个开关。",
      "Whether it pays interest is the most important switch in a central bank digital currency's design.",
    ],
    body: [
      [
        "如果央行数字货币不计息，它更像现金，对银行存款的替代有限；如果计息，它的利率会成为新的政策工具，直接作用于居民资产配置。",
        "对银行而言，风险在于压力时期的“数字挤兑”：资金可以在几秒钟内从存款转入央行钱包。持有上限和分层计息是目前最常见的缓冲设计。",
        "我们用省级试点数据做了初步估计，试点地区的小额支付结构变化明显，但存款结构尚未出现显著迁移。",
      ],
      [
        "A central bank digital currency that pays no interest behaves like cash and competes little with bank deposits. One that pays interest turns its rate into a new policy tool that reaches household portfolios directly.",
        "For banks the risk is a digital run in times of stress: money can move from deposits to central bank wallets in seconds. Holding limits and tiered remuneration are the usual buffers.",
        "Preliminary estimates on provincial pilot data show a clear shift in small payments in pilot regions, but no significant migration of deposits yet.",
      ],
    ],
    daysAgo: 5,
    views: 2760,
  },
  {
    writer: 3,
    title: ["写一份让编辑记住的审稿报告", "Writing a referee report that editors remember"],
    intro: ["真正重要的是三段话，其余都可以省略。", "Three paragraphs that matter, and the rest you can leave out."],
    body: [
      [
        "引言之后，用一段话复述论文的贡献。如果你写不出来，作者的引言可能就有问题——这本身就是一条有用的意见。",
        "把意见分成“必须解决”和“建议考虑”两类。编辑最需要知道的是：哪些问题决定了论文能否成立。",
        "语气要对事不对人。作者会反复读你的报告，一句刻薄的话抵消十条中肯的建议。",
      ],
      [
        "After the opening, restate the paper's contribution in one paragraph. If you cannot, the authors' introduction probably has a problem, which is itself a useful comment.",
        "Sort your comments into those that must be addressed and those worth considering. What an editor most needs to know is which issues decide whether the paper stands.",
        "Criticise the work, not the people. Authors read your report many times, and one unkind sentence undoes ten fair suggestions.",
      ],
    ],
    daysAgo: 6,
    views: 4210,
  },
  {
    writer: 4,
    title: ["公司治理中的独立董事：监督还是咨询？", "Independent directors: monitors or advisers?"],
    intro: ["独立董事制度的效果，取决于他们掌握多少信息。", "How well independent directors work depends on how much they know."],
    body: [
      [
        "监督职能要求独立性，咨询职能却需要对行业和公司的深入了解，两者之间存在天然张力。",
        "我们利用独董辞职公告的外生冲击发现，具有行业经验的独董离任后，公司并购公告的市场反应平均下降 0.8 个百分点。",
        "这意味着，一味强调“独立”可能牺牲了董事会的决策质量。",
      ],
      [
        "Monitoring requires independence; advising requires deep knowledge of the industry and the firm. The two pull against each other.",
        "Using resignations of independent directors as an exogenous shock, we find that after directors with industry experience leave, the market's reaction to the firm's acquisition announcements falls by 0.8 percentage points on average.",
        "Insisting on independence alone may cost the board the quality of its decisions.",
      ],
    ],
    daysAgo: 8,
    views: 1980,
  },
  {
    writer: 0,
    title: ["波动率为什么会聚集：GARCH 的直觉", "Why volatility clusters: the intuition behind GARCH"],
    intro: ["大波动之后往往还是大波动。", "Large moves tend to follow large moves."],
    body: [
      [
        "GARCH(1,1) 把条件方差写成 $$\\sigma_t^2 = \\omega + \\alpha \\varepsilon_{t-1}^2 + \\beta \\sigma_{t-1}^2$$ 当 $\\alpha + \\beta$ 接近 1 时，冲击的影响衰减得很慢，这正是金融收益率里常见的波动聚集。",
        "长期方差为 $\\bar\\sigma^2 = \\omega / (1 - \\alpha - \\beta)$。用它做风险预测时，要记得参数估计本身也有误差。",
      ],
      [
        "GARCH(1,1) writes the conditional variance as $$\\sigma_t^2 = \\omega + \\alpha \\varepsilon_{t-1}^2 + \\beta \\sigma_{t-1}^2$$ When $\\alpha + \\beta$ is close to 1, shocks fade slowly: the volatility clustering common in financial returns.",
        "The long-run variance is $\\bar\\sigma^2 = \\omega / (1 - \\alpha - \\beta)$. When you forecast risk with it, remember that the estimated parameters carry errors of their own.",
      ],
    ],
    daysAgo: 10,
    views: 3650,
  },
  {
    writer: 1,
    title: ["从田野实验到政策：外部有效性的三个问题", "From field experiments to policy: three questions about external validity"],
    intro: ["一个村庄里有效的干预，换一个省还有效吗？", "Does what worked in one village work in another province?"],
    body: [
      [
        "第一，样本是否代表政策要覆盖的人群？第二，实施者换成政府部门后，执行质量是否会下降？第三，大规模推广是否会引起一般均衡效应，比如价格变化？",
        "多地点重复实验和结构模型是回答这些问题的两条路，它们并不互相排斥。",
      ],
      [
        "First, does the sample represent the people the policy will reach? Second, will the quality of delivery drop when a government agency takes over? Third, will scaling up cause general-equilibrium effects such as price changes?",
        "Multi-site replications and structural models are two ways to answer these questions, and they do not exclude each other.",
      ],
    ],
    daysAgo: 12,
    views: 2210,
  },
  {
    writer: 2,
    title: ["利率走廊：一张图看懂政策利率", "The interest-rate corridor in one picture"],
    intro: ["上限、下限和中间的目标利率。", "A ceiling, a floor and the target in between."],
    body: [
      [
        "利率走廊由常备借贷便利利率（上限）和超额准备金利率（下限）构成，市场利率 $i_t$ 在两者之间波动：$i^{floor} \\le i_t \\le i^{ceiling}$。",
        "走廊越窄，市场利率越贴近政策目标，但央行需要更频繁地操作。",
      ],
      [
        "The corridor is bounded by the standing lending facility rate (the ceiling) and the rate on excess reserves (the floor); the market rate $i_t$ moves between them: $i^{floor} \\le i_t \\le i^{ceiling}$.",
        "The narrower the corridor, the closer the market rate stays to the target, but the central bank has to operate more often.",
      ],
    ],
    daysAgo: 14,
    views: 1540,
  },
  {
    writer: 3,
    title: ["我如何用文献管理工具组织文献综述", "How I organise a literature review with a reference manager"],
    intro: ["按问题打标签，而不是按期刊。", "Tags by question, not by journal."],
    body: [
      [
        "给每篇文献打上它回答的研究问题，而不是它发表的期刊。写综述时，按问题导出，结构自然就出来了。",
        "每读完一篇，写三句话：它问了什么、怎么识别、结论是什么。半年后你会感谢自己。",
      ],
      [
        "Tag each paper with the research question it answers, not the journal it appeared in. When you write the review, export by question and the structure is already there.",
        "After each paper, write three sentences: what it asks, how it identifies, what it finds. You will thank yourself six months later.",
      ],
    ],
    daysAgo: 16,
    views: 2890,
  },
  {
    writer: 4,
    title: ["ESG 评级为什么分歧这么大", "Why ESG ratings disagree so much"],
    intro: ["同一家公司，不同机构的评级相关性只有 0.5 左右。", "For the same firm, ratings from different agencies correlate only about 0.5."],
    body: [
      [
        "分歧来自三个层面：评价范围（看哪些议题）、衡量方法（用什么指标）和权重（各议题占多少）。其中衡量方法的差异贡献最大。",
        "对研究者而言，这意味着用单一评级做解释变量时，结论可能只对那一家评级机构成立。",
      ],
      [
        "The disagreement comes from scope (which issues are rated), measurement (which indicators are used) and weights (how much each issue counts). Measurement contributes the most.",
        "For researchers, a result that uses a single rating as its explanatory variable may hold only for that one agency.",
      ],
    ],
    daysAgo: 20,
    views: 3330,
  },
  {
    writer: 0,
    title: ["组会讨论稿：动量因子的交易成本（仅关注者可见）", "Group notes: trading costs of momentum (followers only)"],
    intro: ["尚未成文的初步结果，只分享给关注我的同行。", "Early results, not yet a paper, shared with the colleagues who follow me."],
    body: [
      ["扣除买卖价差和冲击成本后，月度动量策略的净收益从 1.1% 降到约 0.4%，小盘股部分几乎消失。", "下一步打算用日内数据重新估计冲击成本，欢迎提出意见。"],
      [
        "After bid-ask spreads and price impact, the monthly momentum strategy's net return falls from 1.1% to about 0.4%, and the small-cap part almost vanishes.",
        "Next I plan to re-estimate price impact with intraday data. Comments welcome.",
      ],
    ],
    visibility: "followers",
    daysAgo: 1,
    views: 120,
  },
  {
    writer: 1,
    title: ["写作备忘：下一篇论文的提纲（仅自己可见）", "Writing memo: outline of the next paper (only me)"],
    intro: ["给自己的提纲，还没准备好给别人看。", "An outline for myself, not ready for anyone else."],
    body: [
      ["研究问题：最低工资上调对非正规就业的溢出效应。数据：城镇住户调查。识别：省际边界的断点设计。"],
      [
        "Question: spillovers of minimum-wage increases onto informal employment. Data: the urban household survey. Identification: a discontinuity design along provincial borders.",
      ],
    ],
    visibility: "self",
    daysAgo: 1,
    views: 0,
  },
];

function htmlOf(paragraphs: string[]): string {
  const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return sanitizeRichText(paragraphs.map((text) => (text.startsWith("## ") ? `<h2>${escapeText(text.slice(3))}</h2>` : `<p>${escapeText(text)}</p>`)).join(""));
}

/** The user a seeded writer signs as, created once. */
function writerUser(db: Db, userName: string, names: { nickname: string; nicknameEn: string }, now: string): number {
  const existing = db.prepare("SELECT id FROM users WHERE user_name = ?").pluck().get(userName) as number | undefined;
  if (existing) return existing;
  return Number(
    db.prepare("INSERT INTO users (user_name, nickname, nickname_en, created_at) VALUES (?, ?, ?, ?)").run(userName, names.nickname, names.nicknameEn, now)
      .lastInsertRowid,
  );
}

export function seedEssays(db: Db, now: Date): void {
  const iso = now.toISOString();
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  db.transaction(() => {
    if (!db.prepare("SELECT 1 FROM users WHERE user_name = ?").get(WRITERS[0].userName)) {
      const writers = WRITERS.map((writer) => writerUser(db, writer.userName, writer, iso));
      const insertItem =
        db.prepare(`INSERT INTO items (kind, title, title_en, summary, summary_en, cover, author_name, author_name_en, view_count, link, created_at)
        VALUES ('essay', ?, ?, ?, ?, '', ?, ?, ?, '/essayInfo?id={id}', ?)`);
      const insertEssay = db.prepare(`INSERT INTO essays (item_id, user_id, intro, content, content_en, visibility, status, updated_at, released_at)
        VALUES (?, ?, ?, ?, ?, ?, 'released', ?, ?)`);
      for (const essay of ESSAYS) {
        const at = daysAgo(essay.daysAgo);
        const { nickname, nicknameEn } = WRITERS[essay.writer];
        const id = Number(
          insertItem.run(essay.title[0], essay.title[1], essay.intro[0], essay.intro[1], nickname, nicknameEn, essay.views, at).lastInsertRowid,
        );
        db.prepare("UPDATE items SET cover = ? WHERE id = ?").run(`/media/poster/${id}.svg`, id);
        insertEssay.run(id, writers[essay.writer], essay.intro[0], htmlOf(essay.body[0]), htmlOf(essay.body[1]), essay.visibility ?? "public", at, at);
      }
    }
    // Essay items from before this table: each becomes a released public essay of its scholar, its summary the text.
    const legacy = db
      .prepare(
        "SELECT id, summary, summary_en, author_name, author_name_en, created_at FROM items WHERE kind = 'essay' AND id NOT IN (SELECT item_id FROM essays)",
      )
      .all() as { id: number; summary: string; summary_en: string; author_name: string; author_name_en: string; created_at: string }[];
    const insertLegacy = db.prepare(`INSERT INTO essays (item_id, user_id, intro, content, content_en, visibility, status, updated_at, released_at)
      VALUES (?, ?, '', ?, ?, 'public', 'released', ?, ?)`);
    for (const row of legacy) {
      const scholar = db.prepare("SELECT author_code FROM scholars WHERE name = ? ORDER BY id LIMIT 1").pluck().get(row.author_name) as string | undefined;
      const names = { nickname: row.author_name, nicknameEn: row.author_name_en === row.author_name ? "" : row.author_name_en };
      const userId = writerUser(db, `essay-scholar-${scholar ?? row.author_name}`, names, row.created_at);
      insertLegacy.run(row.id, userId, htmlOf([row.summary]), htmlOf([row.summary_en]), row.created_at, row.created_at);
    }
  })();
}

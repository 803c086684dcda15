import type { Db } from "./kernel/db.server.ts";
import { ANONYMOUS, indexQuestion } from "./qa/rules.server.ts";
import { cleanRichText, plainText } from "./rich-text/index.server.ts";

/** Seeded Q&A (ADR 025): tags, the people who ask and answer, twelve questions with their answers, votes and followers. */

type Pair = readonly [zh: string, en: string];

const TAGS: [code: string, zh: string, en: string][] = [
  ["econometrics", "计量经济学", "Econometrics"],
  ["corporateFinance", "公司金融", "Corporate finance"],
  ["behavioral", "行为经济学", "Behavioural economics"],
  ["assetPricing", "资产定价", "Asset pricing"],
  ["macro", "宏观与货币", "Macro and money"],
  ["management", "管理学", "Management"],
  ["publishing", "论文发表", "Publishing"],
  ["career", "学术职业", "Academic careers"],
];

/** People of the seed: accounts without a password or phone, so nobody can sign in as them. */
const PEOPLE = ["陈思远", "林晓舟", "周以宁", "Daniel Ortiz", "王若溪", "赵一鸣", "刘书涵", "Priya Raman", "黄子墨", "孙嘉禾"];

interface AnswerSeed {
  by: number;
  anonymous?: boolean;
  text: Pair;
  praise: number;
  trample?: number;
}

interface QuestionSeed {
  by: number;
  anonymous?: boolean;
  tags: string[];
  title: Pair;
  body: Pair;
  daysAgo: number;
  views: number;
  concerns: number;
  answers: AnswerSeed[];
}

const QUESTIONS: QuestionSeed[] = [
  {
    by: 0,
    tags: ["econometrics"],
    title: [
      "处理时点不一致时，双向固定效应的双重差分估计还可靠吗？",
      "With staggered treatment timing, can I still trust a two-way fixed effects DiD estimate?",
    ],
    body: [
      "我的样本里各省在 2012–2018 年间先后实施同一政策，直接用双向固定效应回归得到的系数显著为正。但 Goodman-Bacon (2021) 等文献指出这种估计可能有偏。实际操作中应该怎么检验和修正？",
      "In my sample, provinces adopt the same policy at different times between 2012 and 2018, and a two-way fixed effects regression gives a significantly positive coefficient. Papers such as Goodman-Bacon (2021) say this estimate can be biased. How should I test for and fix this in practice?",
    ],
    daysAgo: 2,
    views: 1840,
    concerns: 6,
    answers: [
      {
        by: 3,
        text: [
          "问题在于 TWFE 会把已处理的组当作后处理组的对照，处理效应随时间变化时，有些组的权重甚至为负。建议先做 Goodman-Bacon 分解，看“坏比较”占多大权重；再用 Callaway & Sant'Anna (2021) 或 Sun & Abraham (2021) 的估计量，它们只用尚未处理或从未处理的组作对照。Stata 有 csdid 和 eventstudyinteract，R 有 did 包。",
          "The problem is that TWFE uses already-treated groups as controls for later-treated ones, and when effects change over time some groups even get negative weights. Start with a Goodman-Bacon decomposition to see how much weight the 'bad comparisons' carry, then use the Callaway & Sant'Anna (2021) or Sun & Abraham (2021) estimators, which compare only with not-yet-treated or never-treated groups. Stata has csdid and eventstudyinteract; R has the did package.",
        ],
        praise: 5,
      },
      {
        by: 5,
        anonymous: true,
        text: [
          "补充一点：如果处理效应在各组之间同质、也不随时间变化，TWFE 并没有问题。所以可以把新旧估计量并列报告，审稿人更关心你是否意识到了这个问题。",
          "One addition: if the effect is the same across groups and does not change over time, TWFE is fine. So report the old and new estimators side by side; referees mostly want to see that you know about the issue.",
        ],
        praise: 3,
      },
      {
        by: 7,
        text: [
          "还要注意预趋势检验的功效。Roth (2022) 指出传统事件研究图的预趋势检验功效很低，“不显著”并不代表平行趋势成立，建议附上 HonestDiD 的敏感性分析。",
          "Mind the power of pre-trend tests too. Roth (2022) shows that the usual event-study pre-trend tests have low power, so 'not significant' does not mean parallel trends hold; add a HonestDiD sensitivity analysis.",
        ],
        praise: 2,
        trample: 1,
      },
    ],
  },
  {
    by: 1,
    tags: ["corporateFinance"],
    title: ["为什么不少上市公司账上现金充裕却仍大量借款？", "Why do many listed firms borrow heavily while sitting on plenty of cash?"],
    body: [
      "读年报时发现不少公司同时持有大量货币资金和短期借款，即所谓“存贷双高”。这符合权衡理论吗？有哪些解释和实证文献？",
      "Reading annual reports, I keep finding firms that hold large cash balances and large short-term loans at the same time. Is this consistent with trade-off theory? What explanations and empirical papers are there?",
    ],
    daysAgo: 5,
    views: 960,
    concerns: 4,
    answers: [
      {
        by: 4,
        text: [
          "常见解释有三类：一是部分现金受限，比如保证金或募集资金专户，不能自由使用；二是银企关系，企业为保留授信额度和未来融资渠道而持续借款；三是代理问题乃至财务造假，现金可能并不真实存在。",
          "There are three usual explanations. Some of the cash is restricted, such as deposits pledged as collateral or raised funds held in special accounts. Firms keep borrowing to maintain credit lines and future access to banks. And agency problems, even fraud: the cash may not really exist.",
        ],
        praise: 4,
      },
      {
        by: 8,
        anonymous: true,
        text: [
          "我做过信用研究。实务中“存贷双高”是风险信号之一，我们会核对利息收入与平均现金余额是否匹配：利息收入明显偏低时，现金的真实性就值得怀疑。",
          "I used to work in credit research. In practice, high cash with high debt is a warning sign: we check whether interest income matches the average cash balance, and when it is clearly too low, the cash itself is suspect.",
        ],
        praise: 6,
      },
    ],
  },
  {
    by: 2,
    tags: ["behavioral"],
    title: ["实证上怎么区分现状偏差和损失厌恶？", "How do you tell status quo bias from loss aversion in the data?"],
    body: [
      "研究养老金默认缴费率时，员工很少更改默认选项。这既可以用损失厌恶解释，也可以用惰性或现状偏差解释。有没有好的识别策略？",
      "In my work on pension default contribution rates, employees rarely change the default. Loss aversion can explain this, and so can inertia or status quo bias. Is there a good identification strategy?",
    ],
    daysAgo: 8,
    views: 720,
    concerns: 3,
    answers: [
      {
        by: 6,
        text: [
          "经典做法是利用默认选项的外生变化（Madrian & Shea, 2001），再看“主动选择”设计的效果（Carroll et al., 2009）：如果强制员工做选择后默认效应大幅消失，说明决策成本和惰性是主要原因，而非对参照点的偏好。",
          "The classic route uses exogenous changes in the default (Madrian & Shea, 2001) and then active-choice designs (Carroll et al., 2009): if making employees choose largely removes the default effect, decision costs and inertia matter more than preferences around a reference point.",
        ],
        praise: 4,
      },
      {
        by: 3,
        text: [
          "也可以走结构估计的路子：同时估计转换成本和参照依赖偏好，比如 Choukhmane (2021)。数据里需要有人们在不同默认值下的分布，才能把两者分开。",
          "A structural route also works: estimate switching costs and reference-dependent preferences jointly, as in Choukhmane (2021). You need the distribution of choices under different defaults to separate the two.",
        ],
        praise: 2,
      },
    ],
  },
  {
    by: 9,
    tags: ["management"],
    title: ["远程办公对团队创新是好是坏？", "Is remote work good or bad for team innovation?"],
    body: [
      "公司疫情后保留了混合办公，管理层担心创新会减少。有没有可靠的研究证据？",
      "My company kept hybrid work after the pandemic, and management worries that innovation will suffer. Is there reliable research evidence?",
    ],
    daysAgo: 11,
    views: 1320,
    concerns: 5,
    answers: [
      {
        by: 7,
        text: [
          "两篇值得读：Yang et al. (2022, Nature Human Behaviour) 用微软数据发现，全面远程后协作网络更封闭、跨团队沟通减少；Bloom et al. (2024, Nature) 在携程做的混合办公随机实验发现，每周在家两天使离职率下降三分之一，绩效和晋升没有差异。",
          "Two papers to read: Yang et al. (2022, Nature Human Behaviour) find with Microsoft data that fully remote work made collaboration networks more siloed, with less communication across teams; Bloom et al. (2024, Nature) ran a hybrid-work experiment at Trip.com and found two days a week at home cut quits by a third with no difference in performance or promotion.",
        ],
        praise: 7,
      },
      {
        by: 1,
        anonymous: true,
        text: [
          "我带过一个混合办公的研发团队。经验是：固定每周两天全员到岗，把头脑风暴和评审放在这两天，其余时间留给需要专注的工作。",
          "I led a hybrid R&D team. What worked: two fixed days a week when everyone is in, with brainstorming and reviews on those days, and the rest kept for focused work.",
        ],
        praise: 3,
      },
      {
        by: 5,
        text: [
          "要区分“创新”的度量：专利数量、新产品收入和内部提案数量对远程办公的反应可能完全不同，别只看一个指标。",
          "Be careful how innovation is measured: patent counts, new-product revenue and internal proposals may react to remote work quite differently, so do not rely on one measure.",
        ],
        praise: 1,
      },
    ],
  },
  {
    by: 4,
    tags: ["assetPricing"],
    title: ["A 股存在显著的动量效应吗？", "Is there a meaningful momentum effect in China's A-shares?"],
    body: [
      "美国市场的 12–1 月动量策略很有名，但我用 A 股数据回测，收益并不稳定。文献里怎么看？",
      "The 12–1 month momentum strategy is famous in the US, but my backtest on A-shares gives unstable returns. What does the literature say?",
    ],
    daysAgo: 14,
    views: 2100,
    concerns: 8,
    answers: [
      {
        by: 0,
        text: [
          "多数研究发现 A 股中期动量很弱，短期反转却很强。Liu, Stambaugh & Yuan (2019) 的中国三因子模型没有纳入动量，正是因为它在 A 股不显著。",
          "Most studies find weak medium-term momentum in A-shares but strong short-term reversal. The China three-factor model of Liu, Stambaugh & Yuan (2019) leaves momentum out precisely because it is not significant there.",
        ],
        praise: 5,
      },
      {
        by: 2,
        text: [
          "制度因素也有影响：散户交易占比高、涨跌停板和 T+1 都会改变价格对信息的反应速度。可以按散户持股比例分组，看看动量是否只在机构主导的股票里存在。",
          "Institutions matter too: heavy retail trading, daily price limits and T+1 settlement all change how fast prices absorb news. Try sorting by retail ownership to see whether momentum exists only among institution-dominated stocks.",
        ],
        praise: 3,
      },
      {
        by: 9,
        anonymous: true,
        text: [
          "做量化的角度补充：行业动量和盈利动量（比如盈利公告后的漂移）在 A 股比价格动量稳定得多。",
          "From a quant's side: industry momentum and earnings momentum (post-earnings-announcement drift) are far more stable in A-shares than price momentum.",
        ],
        praise: 4,
        trample: 1,
      },
    ],
  },
  {
    by: 6,
    tags: ["macro"],
    title: ["LPR 改革后，货币政策传导发生了哪些变化？", "How did the LPR reform change monetary policy transmission?"],
    body: [
      "2019 年贷款市场报价利率改革后，贷款利率与政策利率挂钩更紧。有没有研究量化过传导效率的变化？",
      "Since the 2019 reform of the loan prime rate, lending rates follow policy rates more closely. Has anyone measured how much transmission improved?",
    ],
    daysAgo: 20,
    views: 640,
    concerns: 2,
    answers: [
      {
        by: 3,
        text: [
          "可以用高频识别：以 MLF 利率调整日前后的利率变化作为政策冲击，比较改革前后企业贷款加权平均利率的反应。多数估计显示改革后传导更快、幅度更大，但对小微企业的传导仍然偏弱。",
          "Use high-frequency identification: take rate changes around MLF announcement days as policy shocks and compare how weighted average corporate lending rates respond before and after the reform. Most estimates show faster and fuller pass-through afterwards, though still weaker for small firms.",
        ],
        praise: 3,
      },
      {
        by: 8,
        text: [
          "别忘了存款端。存款利率市场化调整机制在 2022 年才建立，此前银行负债成本下降有限，限制了贷款利率的下行空间。",
          "Do not forget deposits. The market-based adjustment of deposit rates only began in 2022; before that, banks' funding costs barely fell, which limited how far lending rates could go down.",
        ],
        praise: 2,
      },
    ],
  },
  {
    by: 0,
    tags: ["career", "publishing"],
    title: ["博士三年级还没有满意的求职论文，该怎么办？", "Third-year PhD without a job market paper I like: what now?"],
    body: [
      "手上有两个项目，一个数据拿不到，一个结果不够“干净”。导师说还来得及，但我很焦虑。过来人有什么建议？",
      "I have two projects: for one I cannot get the data, the other's results are not 'clean' enough. My adviser says there is still time, but I am anxious. Any advice from people who have been there?",
    ],
    daysAgo: 4,
    views: 1560,
    concerns: 9,
    answers: [
      {
        by: 7,
        text: [
          "三年级没有求职论文很常见。建议给每个项目设一个截止日期：比如三个月内拿不到数据就放弃。结果不“干净”不一定是坏事，讲清楚机制和异质性，往往比一个漂亮的系数更有说服力。",
          "Not having a job market paper in third year is very common. Give each project a deadline: if the data is not in within three months, drop it. Messy results are not necessarily bad; a clear story about mechanisms and heterogeneity often persuades more than one pretty coefficient.",
        ],
        praise: 8,
      },
      {
        by: 4,
        anonymous: true,
        text: [
          "我当年是在四年级秋天才换了题目，最后也找到了教职。关键是多在组会和学术会议上讲，早点听到批评。",
          "I only switched topics in the autumn of my fourth year and still landed a faculty job. The key is to present often, in group meetings and at conferences, and hear the criticism early.",
        ],
        praise: 5,
      },
      {
        by: 6,
        text: [
          "可以考虑和高年级同学或老师合作一篇论文，既能学到完整的研究流程，也能在简历上多一篇成果。",
          "Consider co-authoring a paper with a senior student or a faculty member: you learn the whole research process and gain another paper for your CV.",
        ],
        praise: 2,
        trample: 1,
      },
    ],
  },
  {
    by: 5,
    tags: ["publishing"],
    title: ["工作论文先挂 SSRN，会影响投国内期刊吗？", "Will posting a working paper on SSRN hurt a submission to a Chinese journal?"],
    body: [
      "打算把论文先挂到 SSRN 收集意见，之后投《经济研究》或《管理世界》。会被认为是“一稿多投”或已公开发表吗？",
      "I plan to post my paper on SSRN for feedback and then submit it to Economic Research Journal or Management World. Could that count as duplicate submission or prior publication?",
    ],
    daysAgo: 17,
    views: 880,
    concerns: 3,
    answers: [
      {
        by: 2,
        text: [
          "工作论文一般不算正式发表，国际期刊普遍接受。国内期刊要看具体投稿须知，有的要求说明已公开的工作论文版本，投稿时在附言里写清楚即可。",
          "A working paper is generally not a publication, and international journals accept them. For Chinese journals, check each journal's instructions; some ask you to mention public working-paper versions, so state it in the cover letter.",
        ],
        praise: 4,
      },
      {
        by: 9,
        text: [
          "注意双盲评审：挂出去的版本带作者信息，审稿人一搜就知道是谁。如果期刊很看重匿名，可以等初审之后再公开。",
          "Mind double-blind review: the posted version names you, and a referee can find it in one search. If the journal cares a lot about anonymity, post after the first round.",
        ],
        praise: 2,
      },
    ],
  },
  {
    by: 3,
    tags: ["econometrics"],
    title: ["工具变量第一阶段 F 值为 12，够用吗？", "Is a first-stage F of 12 enough for my instrument?"],
    body: [
      "过去常说 F 大于 10 就不是弱工具变量，但最近听说这个标准已经过时了。现在应该报告什么？",
      "People used to say an F above 10 means the instrument is not weak, but I hear that rule is outdated. What should I report now?",
    ],
    daysAgo: 6,
    views: 1190,
    concerns: 5,
    answers: [
      {
        by: 0,
        text: [
          "Lee et al. (2022, AER) 指出，若要在 5% 水平下得到正确的 t 检验，第一阶段 F 需要超过 104.7；否则应使用他们的 tF 调整临界值。F = 12 时，t 统计量要大得多才算显著。",
          "Lee et al. (2022, AER) show that a valid 5% t-test needs a first-stage F above 104.7; otherwise use their tF adjusted critical values. With F = 12, the t-statistic must be much larger to count as significant.",
        ],
        praise: 6,
      },
      {
        by: 6,
        anonymous: true,
        text: [
          "只有一个内生变量时，直接报告 Anderson-Rubin 置信区间最省事：它对弱工具变量稳健，Stata 的 weakiv 和 ivreg2 都能算。",
          "With one endogenous regressor, the easiest is to report the Anderson-Rubin confidence interval: it is robust to weak instruments, and Stata's weakiv or ivreg2 computes it.",
        ],
        praise: 4,
      },
      {
        by: 1,
        text: [
          "另外，有异方差或聚类时要用有效 F（Montiel Olea & Pflueger, 2013），不要用普通的 Cragg-Donald F。",
          "Also, with heteroskedasticity or clustering use the effective F (Montiel Olea & Pflueger, 2013), not the plain Cragg-Donald F.",
        ],
        praise: 3,
      },
    ],
  },
  {
    by: 8,
    tags: ["corporateFinance", "management"],
    title: ["家族企业聘请职业经理人后，业绩一定会变好吗？", "Do family firms do better after hiring a professional CEO?"],
    body: [
      "我们在研究民营家族企业的传承。有人说二代接班不如职业经理人，但也有企业换人后很快陷入困境。现有证据怎么说？",
      "We study succession in private family firms. Some say a second-generation heir does worse than a professional manager, yet some firms struggle soon after hiring one. What does the evidence say?",
    ],
    daysAgo: 25,
    views: 530,
    concerns: 2,
    answers: [
      {
        by: 4,
        text: [
          "Bennedsen et al. (2007, QJE) 用丹麦数据、以第一个孩子的性别作工具变量，发现家族内部传承使企业业绩显著下降。但中国情境下，创始人的关系资源很难移交给职业经理人，结论不一定能直接推广。",
          "Bennedsen et al. (2007, QJE) use Danish data with the gender of the first child as an instrument and find that family succession lowers firm performance significantly. In China, though, founders' relationships are hard to hand to a hired manager, so the result may not carry over directly.",
        ],
        praise: 3,
      },
      {
        by: 2,
        text: [
          "关键在治理安排：职业经理人有没有足够授权、激励是否与长期业绩挂钩。很多失败案例是家族“聘而不用”。",
          "Governance is the key: whether the professional manager gets real authority and incentives tied to long-run performance. Many failures are families that hire a manager and then do not let them manage.",
        ],
        praise: 2,
      },
    ],
  },
  {
    by: 7,
    tags: ["behavioral", "assetPricing"],
    title: ["散户对“彩票型股票”的偏好，数据里怎么度量？", "How do I measure retail investors' taste for lottery-like stocks?"],
    body: [
      "想研究散户是否偏好高偏度、低价格的股票。常用的度量指标有哪些？各有什么问题？",
      "I want to study whether retail investors prefer cheap stocks with high skewness. What measures are common, and what are their problems?",
    ],
    daysAgo: 9,
    views: 810,
    concerns: 4,
    answers: [
      {
        by: 5,
        text: [
          "最常用的是 MAX：上个月最大日收益率（Bali, Cakici & Whitelaw, 2011）。也可以用预期特异偏度（Boyer, Mitton & Vorkink, 2010）或 Kumar (2009) 的低价、高波动、高偏度组合定义。A 股有涨跌停，MAX 会被截断，要特别处理。",
          "The most common is MAX, last month's largest daily return (Bali, Cakici & Whitelaw, 2011). Alternatives are expected idiosyncratic skewness (Boyer, Mitton & Vorkink, 2010) or Kumar's (2009) definition combining low price, high volatility and high skewness. A-share price limits truncate MAX, so handle that with care.",
        ],
        praise: 5,
      },
      {
        by: 0,
        anonymous: true,
        text: [
          "如果能拿到账户层面的交易数据，直接看散户的净买入比单纯用价格指标更有说服力。",
          "If you can get account-level trading data, looking at retail net buying directly is more convincing than price-based measures alone.",
        ],
        praise: 2,
      },
    ],
  },
  {
    by: 1,
    anonymous: true,
    tags: ["macro", "career"],
    title: ["央行研究岗和高校教职，应该怎么选？", "A central bank research job or a faculty post: how should I choose?"],
    body: [
      "同时拿到了央行研究部门和一所高校的录用。前者接触政策和数据，后者研究自由度更高。大家会怎么考虑？",
      "I have offers from a central bank's research department and from a university. The first brings policy work and data; the second, more research freedom. How would you weigh them?",
    ],
    daysAgo: 1,
    views: 2400,
    concerns: 11,
    answers: [
      {
        by: 3,
        text: [
          "问自己想写什么样的论文。央行的优势是数据和政策问题，但内部报告占用不少时间，发表节奏也会慢一些；高校的压力主要来自预聘—长聘考核。",
          "Ask yourself what papers you want to write. A central bank offers data and policy questions, but internal reports take time and publication is slower; at a university the pressure comes from the tenure clock.",
        ],
        praise: 6,
      },
      {
        by: 9,
        anonymous: true,
        text: [
          "我在央行研究部门工作过五年再转去高校。那几年积累的政策理解和人脉对后来的研究帮助很大，这条路并不会堵死。",
          "I spent five years in a central bank's research department before moving to a university. The policy knowledge and contacts from those years helped my research a lot later; that road does not close.",
        ],
        praise: 7,
      },
      {
        by: 6,
        text: [
          "还可以看看两边是否允许访问学者或兼职合作。很多央行研究部门和高校有联合项目，不一定非此即彼。",
          "Also check whether either side allows visiting or joint appointments. Many central bank research departments run joint projects with universities, so it need not be either-or.",
        ],
        praise: 2,
      },
    ],
  },
];

/** Plain paragraphs as the editor would send them, made safe and rendered as stored answers are. */
const html = (text: string) => cleanRichText(`<p>${text.replace(/[&<>]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[char]!)}</p>`);

/** Fills the Q&A once; a database that has questions keeps its own. */
export function seedQa(db: Db, now: Date): void {
  if (db.prepare("SELECT 1 FROM qa_tags LIMIT 1").get()) return;
  const at = (days: number, hours = 0) => new Date(now.getTime() - days * 86_400_000 + hours * 3_600_000).toISOString();
  const addTag = db.prepare("INSERT INTO qa_tags (code, name, name_en, sort) VALUES (?, ?, ?, ?)");
  const addPerson = db.prepare("INSERT INTO users (user_name, nickname, created_at) VALUES (?, ?, ?)");
  const addQuestion = db.prepare(`INSERT INTO qa_questions (user_id, title, title_en, body, body_en, body_text, body_text_en, anonymous, view_count, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const tagQuestion = db.prepare("INSERT INTO qa_question_tags (question_id, tag) VALUES (?, ?)");
  const addAnswer = db.prepare("INSERT INTO qa_answers (question_id, user_id, content, content_en, anonymous, created_at) VALUES (?, ?, ?, ?, ?, ?)");
  const addVote = db.prepare("INSERT INTO qa_answer_votes (answer_id, user_id, value, created_at) VALUES (?, ?, ?, ?)");
  const addConcern = db.prepare("INSERT INTO qa_concerns (question_id, user_id, created_at) VALUES (?, ?, ?)");
  db.transaction(() => {
    TAGS.forEach(([code, zh, en], index) => addTag.run(code, zh, en, index));
    const people = PEOPLE.map((name, index) => Number(addPerson.run(`qa-seed-${index + 1}`, name, at(400)).lastInsertRowid));
    for (const question of QUESTIONS) {
      const [body, bodyEn] = question.body.map(html);
      const author = people[question.by];
      const id = Number(
        addQuestion.run(
          author,
          question.title[0],
          question.title[1],
          body,
          bodyEn,
          plainText(body),
          plainText(bodyEn),
          question.anonymous ? 1 : 0,
          question.views,
          at(question.daysAgo),
        ).lastInsertRowid,
      );
      for (const tag of question.tags) tagQuestion.run(id, tag);
      indexQuestion(db, id, {
        title: question.title[0],
        titleEn: question.title[1],
        text: question.body[0],
        textEn: question.body[1],
        author: question.anonymous ? ANONYMOUS : [PEOPLE[question.by], PEOPLE[question.by]],
        createdAt: at(question.daysAgo),
      });
      // Followers and voters are the seed's other people, in turn; nobody votes on their own answer.
      const others = (self: number) => people.filter((person) => person !== self);
      others(author)
        .slice(0, question.concerns)
        .forEach((person, index) => addConcern.run(id, person, at(question.daysAgo, index + 1)));
      question.answers.forEach((answer, index) => {
        const answerer = people[answer.by];
        const answerId = Number(
          addAnswer.run(id, answerer, html(answer.text[0]), html(answer.text[1]), answer.anonymous ? 1 : 0, at(question.daysAgo, 2 + index * 5))
            .lastInsertRowid,
        );
        const voters = others(answerer);
        voters.slice(0, answer.praise).forEach((person) => addVote.run(answerId, person, 1, at(question.daysAgo, 8 + index * 5)));
        voters
          .slice(answer.praise, answer.praise + (answer.trample ?? 0))
          .forEach((person) => addVote.run(answerId, person, -1, at(question.daysAgo, 9 + index * 5)));
      });
    }
  })();
}

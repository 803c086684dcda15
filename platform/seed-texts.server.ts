/** A zh text and its English twin. */
export type Pair = readonly [zh: string, en: string];

/**
 * The words the content seed writes with: per research topic, the papers one would find (title, question, finding),
 * keywords and JEL codes; the data and designs empirical papers use; and the builders of every kind's summary. The
 * order of TOPIC_TEXTS is the order of TOPICS in seed.server.ts. A text that names a topic names it in both languages
 * (search finds the same items by a topic's Chinese and English name).
 */

/** What a paper studies: its title (without the evidence subtitle), question, main finding and the evidence that fits. */
export interface Theme {
  title: Pair;
  /** zh: a noun phrase ("…的影响"); en: an embedded question ("how …", "whether …"). */
  question: Pair;
  /** A clause: zh after "研究发现，", en after "We find that". */
  finding: Pair;
  /** Indexes into EVIDENCE, five each, so a topic's 4 × 5 papers have distinct titles. */
  evidence: number[];
  /** The first year a paper on it can have appeared. */
  since?: number;
}

export interface TopicText {
  keywords: Pair[];
  jel: string[];
  themes: Theme[];
}

interface Method {
  name: Pair;
  keyword: Pair;
  jel?: string;
}

const M = {
  fe: { name: ["面板固定效应模型", "panel regressions with fixed effects"], keyword: ["固定效应", "fixed effects"], jel: "C23" },
  did: { name: ["双重差分法", "a difference-in-differences design"], keyword: ["双重差分", "difference-in-differences"], jel: "C23" },
  staggered: { name: ["交错双重差分法", "a staggered difference-in-differences design"], keyword: ["双重差分", "difference-in-differences"], jel: "C23" },
  event: { name: ["事件研究法", "an event-study design"], keyword: ["事件研究", "event study"], jel: "G14" },
  iv: { name: ["工具变量法", "an instrumental-variable strategy"], keyword: ["工具变量", "instrumental variables"], jel: "C26" },
  rd: { name: ["断点回归设计", "a regression discontinuity design"], keyword: ["断点回归", "regression discontinuity"], jel: "C21" },
  ml: { name: ["文本分析与机器学习方法", "text analysis and machine learning"], keyword: ["文本分析", "text analysis"], jel: "C45" },
  rct: { name: ["随机分组设计", "random assignment"], keyword: ["随机实验", "randomized experiment"], jel: "C93" },
  fm: { name: ["Fama-MacBeth回归", "Fama–MacBeth regressions"], keyword: ["横截面收益", "cross-section of returns"], jel: "G12" },
  sorts: { name: ["投资组合分析", "portfolio sorts"], keyword: ["投资组合分析", "portfolio sorts"], jel: "G12" },
  lp: { name: ["局部投影法", "local projections"], keyword: ["局部投影", "local projections"], jel: "C32" },
  pvar: { name: ["面板向量自回归模型", "a panel vector autoregression"], keyword: ["面板VAR", "panel VAR"], jel: "C33" },
  synth: { name: ["合成控制法", "the synthetic control method"], keyword: ["合成控制", "synthetic control"], jel: "C21" },
  structural: { name: ["结构估计与反事实模拟", "structural estimation and counterfactual simulations"], keyword: ["结构模型", "structural model"], jel: "C51" },
  proposed: { name: ["一种新的估计与推断方法", "a new estimation and inference procedure"], keyword: ["估计与推断", "estimation and inference"], jel: "C13" },
} satisfies Record<string, { name: Pair; keyword: Pair; jel?: string }>;

type Unit = "firm" | "household" | "region" | "country" | "market" | "platform" | "people" | "workers" | "methods" | "model";

export interface Evidence {
  subtitle: Pair;
  /** What the paper uses: zh after "利用", en after "Using". */
  data: Pair;
  methods: Method[];
  unit: Unit;
  /** The last year of the data: a paper using it appeared later. */
  until?: number;
}

/** The evidence of empirical papers; 20–24 are the subtitles of methods papers. */
export const EVIDENCE: Evidence[] = [
  {
    subtitle: ["来自中国上市公司的证据", "Evidence from Chinese Listed Companies"],
    data: ["2007—2022年A股上市公司的年度数据", "annual data on Chinese A-share listed firms from 2007 to 2022"],
    methods: [M.fe, M.did, M.iv],
    unit: "firm",
    until: 2022,
  },
  {
    subtitle: ["来自制造业微观数据的证据", "Evidence from Manufacturing Microdata"],
    data: ["中国工业企业数据库1998—2013年的企业面板", "the 1998–2013 firm panel of China's Annual Survey of Industrial Firms"],
    methods: [M.fe, M.iv, M.did],
    unit: "firm",
    until: 2013,
  },
  {
    subtitle: ["基于年报文本的机器学习测度", "A Machine-Learning Measure from Annual Reports"],
    data: ["上市公司年报与业绩说明会的文本", "the text of listed firms' annual reports and earnings calls"],
    methods: [M.ml],
    unit: "firm",
  },
  {
    subtitle: ["一项准自然实验", "A Quasi-Natural Experiment"],
    data: ["一项分批推行的政策试点", "a pilot policy rolled out in waves"],
    methods: [M.staggered, M.event, M.synth],
    unit: "region",
  },
  {
    subtitle: ["来自管理者问卷调查的证据", "Evidence from a Survey of Managers"],
    data: ["覆盖两千余家企业的问卷调查", "a survey of more than 2,000 firms"],
    methods: [M.fe, M.iv],
    unit: "firm",
  },
  {
    subtitle: ["来自中国家庭金融调查的证据", "Evidence from the China Household Finance Survey"],
    data: ["中国家庭金融调查（CHFS）2011—2019年的数据", "the 2011–2019 waves of the China Household Finance Survey (CHFS)"],
    methods: [M.fe, M.iv],
    unit: "household",
    until: 2019,
  },
  {
    subtitle: ["基于中国家庭追踪调查的分析", "Evidence from the China Family Panel Studies"],
    data: ["中国家庭追踪调查（CFPS）2010—2020年的数据", "the 2010–2020 waves of the China Family Panel Studies (CFPS)"],
    methods: [M.fe, M.iv, M.did],
    unit: "household",
    until: 2020,
  },
  {
    subtitle: ["基于县域数据的分析", "Evidence from County-Level Data"],
    data: ["全国两千余个县2005—2020年的面板数据", "a panel of more than 2,000 Chinese counties from 2005 to 2020"],
    methods: [M.staggered, M.iv, M.rd],
    unit: "region",
    until: 2020,
  },
  {
    subtitle: ["一项随机实地实验", "A Randomized Field Experiment"],
    data: ["一项覆盖数千名参与者的随机实地实验", "a randomized field experiment with several thousand participants"],
    methods: [M.rct],
    unit: "people",
  },
  {
    subtitle: ["来自A股市场的证据", "Evidence from China's A-Share Market"],
    data: ["2000—2022年A股市场的个股月度数据", "monthly stock data from China's A-share market for 2000–2022"],
    methods: [M.fm, M.sorts],
    unit: "market",
    until: 2022,
  },
  {
    subtitle: ["基于高频交易数据的分析", "Evidence from High-Frequency Trading Data"],
    data: ["沪深两市的逐笔交易数据", "tick-by-tick trading data from the Shanghai and Shenzhen exchanges"],
    methods: [M.event, M.fe],
    unit: "market",
  },
  {
    subtitle: ["跨国面板证据", "Cross-Country Panel Evidence"],
    data: ["六十余个国家1990—2020年的面板数据", "a panel of more than sixty countries from 1990 to 2020"],
    methods: [M.lp, M.pvar, M.fe],
    unit: "country",
    until: 2020,
  },
  {
    subtitle: ["基于新闻文本的机器学习测度", "A Machine-Learning Measure from News Text"],
    data: ["财经新闻与社交媒体的文本", "financial news and social-media text"],
    methods: [M.ml],
    unit: "market",
  },
  {
    subtitle: ["来自债券市场的证据", "Evidence from the Bond Market"],
    data: ["2010—2022年中国信用债的发行与交易数据", "issuance and trading data on Chinese corporate bonds for 2010–2022"],
    methods: [M.fe, M.did],
    unit: "market",
    until: 2022,
  },
  {
    subtitle: ["来自中国城市面板的证据", "Evidence from a Panel of Chinese Cities"],
    data: ["两百余个地级市2003—2021年的面板数据", "a panel of more than 200 prefecture-level cities from 2003 to 2021"],
    methods: [M.staggered, M.iv],
    unit: "region",
    until: 2021,
  },
  {
    subtitle: ["基于结构模型的定量分析", "A Quantitative Structural Analysis"],
    data: ["中国投入产出表与海关数据", "China's input–output tables and customs data"],
    methods: [M.structural],
    unit: "model",
  },
  {
    subtitle: ["基于贷款层面数据的分析", "Evidence from Loan-Level Data"],
    data: ["一家全国性商业银行的贷款层面数据", "loan-level data from a national commercial bank"],
    methods: [M.fe, M.rd, M.did],
    unit: "firm",
  },
  {
    subtitle: ["基于电商交易数据的分析", "Evidence from E-Commerce Transactions"],
    data: ["一家大型电商平台的交易数据", "transaction data from a large e-commerce platform"],
    methods: [M.did, M.rd, M.ml],
    unit: "platform",
  },
  {
    subtitle: ["一项大样本行为实验", "A Large-Scale Behavioral Experiment"],
    data: ["一项有三千余名受试者参与的在线实验", "an online experiment with more than 3,000 participants"],
    methods: [M.rct],
    unit: "people",
  },
  {
    subtitle: ["基于人事档案数据的分析", "Evidence from Personnel Records"],
    data: ["覆盖四百余家企业的雇主—雇员匹配数据", "matched employer–employee data covering more than 400 firms"],
    methods: [M.fe, M.did],
    unit: "workers",
  },
  {
    subtitle: ["蒙特卡洛模拟与实证应用", "Monte Carlo Evidence and an Application"],
    data: ["蒙特卡洛模拟与一项实证应用", "Monte Carlo simulations and an empirical application"],
    methods: [M.proposed],
    unit: "methods",
  },
  {
    subtitle: ["理论与模拟", "Theory and Simulations"],
    data: ["大样本理论推导与数值模拟", "asymptotic theory and numerical simulations"],
    methods: [M.proposed],
    unit: "methods",
  },
  {
    subtitle: ["以最低工资研究为例", "With an Application to Minimum Wages"],
    data: ["最低工资研究中的县级面板数据", "county-level panel data from minimum wage studies"],
    methods: [M.proposed],
    unit: "methods",
  },
  {
    subtitle: ["对已发表研究的重新检验", "A Reanalysis of Published Studies"],
    data: ["近十年六十余项已发表研究的复现数据", "replication data from more than sixty studies published over the past decade"],
    methods: [M.proposed],
    unit: "methods",
  },
  {
    subtitle: ["以A股上市公司为例", "An Application to Chinese Listed Firms"],
    data: ["A股上市公司的面板数据", "panel data on Chinese A-share listed firms"],
    methods: [M.proposed],
    unit: "methods",
  },
];

/** Where an effect is strongest, by the kind of data a paper uses. */
const GROUPS: Record<Unit, Pair[]> = {
  firm: [
    ["非国有企业", "non-state-owned firms"],
    ["融资约束较强的企业", "financially constrained firms"],
    ["中小企业", "small and medium-sized firms"],
  ],
  household: [
    ["低收入家庭", "low-income households"],
    ["农村家庭", "rural households"],
    ["户主受教育程度较低的家庭", "households whose heads have less schooling"],
  ],
  region: [
    ["中西部地区", "central and western China"],
    ["市场化程度较低的地区", "less market-oriented regions"],
    ["金融发展水平较低的地区", "less financially developed regions"],
  ],
  country: [
    ["新兴市场经济体", "emerging economies"],
    ["资本账户开放程度较高的经济体", "economies with more open capital accounts"],
    ["汇率弹性较低的经济体", "economies with less flexible exchange rates"],
  ],
  market: [
    ["小市值股票", "small-cap stocks"],
    ["散户持股比例较高的股票", "stocks with high retail ownership"],
    ["流动性较差的证券", "less liquid securities"],
  ],
  platform: [
    ["中小商家", "small sellers"],
    ["低线城市的消费者", "consumers in smaller cities"],
    ["新用户", "new users"],
  ],
  people: [
    ["受教育程度较低的参与者", "less-educated participants"],
    ["年轻参与者", "younger participants"],
    ["女性参与者", "women"],
  ],
  workers: [
    ["低技能员工", "low-skilled employees"],
    ["年轻员工", "younger employees"],
    ["女性员工", "female employees"],
  ],
  methods: [],
  model: [],
};

const theme = (title: Pair, question: Pair, finding: Pair, evidence: number[], since?: number): Theme => ({ title, question, finding, evidence, since });

export const TOPIC_TEXTS: TopicText[] = [
  {
    keywords: [
      ["货币政策传导", "monetary transmission"],
      ["银行信贷", "bank lending"],
      ["前瞻性指引", "forward guidance"],
      ["利率", "interest rates"],
    ],
    jel: ["E52", "E58", "E43"],
    themes: [
      theme(
        ["货币政策传导与银行信贷", "Monetary Policy Transmission and Bank Lending"],
        ["货币政策经由银行信贷渠道向企业传导的效果", "how monetary policy reaches firms through the bank lending channel"],
        [
          "宽松的货币政策显著增加了中小企业获得的银行贷款，但对高杠杆企业的作用明显较弱",
          "looser monetary policy significantly increases bank lending to small and medium-sized firms but does much less for highly leveraged ones",
        ],
        [16, 0, 1, 3, 7],
      ),
      theme(
        ["货币政策不确定性与企业投资", "Monetary Policy Uncertainty and Corporate Investment"],
        ["货币政策不确定性对企业投资决策的影响", "how uncertainty about monetary policy affects corporate investment"],
        [
          "货币政策不确定性上升一个标准差，企业投资率平均下降约百分之三，不可逆投资占比高的企业受影响更大",
          "a one-standard-deviation rise in monetary policy uncertainty lowers the investment rate by about 3 percent, more so for firms whose investment is hard to reverse",
        ],
        [0, 1, 2, 4, 11],
      ),
      theme(
        ["前瞻性指引与通胀预期", "Forward Guidance and Inflation Expectations"],
        ["央行前瞻性指引对市场通胀预期的引导作用", "whether central bank forward guidance shapes market inflation expectations"],
        [
          "央行沟通中的前瞻性表述能显著影响中长期国债收益率，而对短端利率的影响有限",
          "forward-looking statements in central bank communication move medium- and long-term government bond yields significantly but have little effect at the short end",
        ],
        [10, 9, 12, 13, 11],
      ),
      theme(
        ["利率市场化与货币政策的有效性", "Interest Rate Liberalization and the Effectiveness of Monetary Policy"],
        ["利率市场化改革对货币政策实际效果的影响", "how interest rate liberalization changes the real effects of monetary policy"],
        [
          "利率市场化之后，政策利率变动对产出和物价的影响更快、更强",
          "after liberalization, changes in the policy rate affect output and prices faster and more strongly",
        ],
        [11, 14, 7, 15, 16],
      ),
    ],
  },
  {
    keywords: [
      ["移动支付", "mobile payments"],
      ["金融科技", "fintech"],
      ["普惠金融", "financial inclusion"],
      ["数字信贷", "digital credit"],
    ],
    jel: ["G21", "G23", "O33"],
    themes: [
      theme(
        ["数字金融与居民消费", "Digital Finance and Consumer Spending"],
        ["数字金融发展对家庭消费的影响", "how the growth of digital finance affects household consumption"],
        [
          "数字金融发展显著提高了家庭消费，且对低收入家庭的作用更大",
          "the growth of digital finance raises household consumption significantly, especially for low-income families",
        ],
        [14, 6, 7, 8, 3],
      ),
      theme(
        ["金融科技与企业融资约束", "FinTech and Corporate Financing Constraints"],
        ["金融科技发展能否缓解企业的融资约束", "whether the growth of fintech eases firms' financing constraints"],
        [
          "地区金融科技发展水平每提高一个标准差，企业的融资约束指数下降约百分之八",
          "a one-standard-deviation increase in local fintech development lowers firms' financing-constraint index by about 8 percent",
        ],
        [0, 4, 16, 1, 2],
      ),
      theme(
        ["数字普惠金融与农村创业", "Digital Financial Inclusion and Rural Entrepreneurship"],
        ["数字普惠金融对农村家庭创业的影响", "how digital financial inclusion affects entrepreneurship among rural households"],
        [
          "数字普惠金融显著提高了农村家庭的创业概率，主要通过缓解信贷约束和改善信息获取实现",
          "digital financial inclusion makes rural households significantly more likely to start a business, mainly by easing credit constraints and improving access to information",
        ],
        [6, 14, 7, 8, 3],
      ),
      theme(
        ["大科技信贷与银行竞争", "Big Tech Credit and Competition with Banks"],
        ["大科技公司的信贷业务对传统银行放贷行为的影响", "how big tech lending affects the lending of traditional banks"],
        [
          "大科技信贷进入后，当地中小银行的小微贷款利率平均下降约四十个基点",
          "after big tech lenders enter, small local banks cut rates on small business loans by about 40 basis points",
        ],
        [16, 14, 7, 3, 17],
        2019,
      ),
    ],
  },
  {
    keywords: [
      ["董事会", "boards"],
      ["股权结构", "ownership structure"],
      ["高管薪酬", "executive pay"],
      ["代理成本", "agency costs"],
    ],
    jel: ["G34", "G32", "M12"],
    themes: [
      theme(
        ["机构投资者与高管薪酬", "Institutional Investors and Executive Pay"],
        ["机构投资者持股对高管薪酬契约的影响", "how institutional ownership shapes executive pay contracts"],
        [
          "机构投资者持股比例上升后，高管薪酬对业绩的敏感性明显提高，超额在职消费随之下降",
          "as institutional ownership rises, executive pay becomes markedly more sensitive to performance and excess perks decline",
        ],
        [0, 2, 3, 4, 19],
      ),
      theme(
        ["独立董事与企业违规", "Independent Directors and Corporate Misconduct"],
        ["独立董事对企业违规行为的抑制作用", "whether independent directors curb corporate misconduct"],
        [
          "具有财务背景的独立董事使企业违规的概率下降约两成",
          "independent directors with a finance background reduce the probability of misconduct by about a fifth",
        ],
        [0, 2, 3, 4, 9],
      ),
      theme(
        ["股权质押与公司治理", "Share Pledging and Corporate Governance"],
        ["控股股东股权质押对公司治理的影响", "how share pledging by controlling shareholders affects corporate governance"],
        [
          "控股股东质押股权后，公司更倾向于进行盈余管理，信息披露质量随之下降",
          "after controlling shareholders pledge their shares, firms manage earnings more and disclose less",
        ],
        [10, 2, 12, 13, 3],
      ),
      theme(
        ["混合所有制改革与国有企业效率", "Mixed-Ownership Reform and the Efficiency of State-Owned Enterprises"],
        ["引入非国有股东对国有企业效率的影响", "how bringing in non-state shareholders affects the efficiency of state-owned enterprises"],
        [
          "引入非国有股东后，国有企业的全要素生产率平均提高约百分之五",
          "bringing in non-state shareholders raises the total factor productivity of state-owned enterprises by about 5 percent",
        ],
        [0, 1, 3, 4, 19],
      ),
    ],
  },
  {
    keywords: [
      ["投资者情绪", "investor sentiment"],
      ["有限注意力", "limited attention"],
      ["过度自信", "overconfidence"],
      ["处置效应", "the disposition effect"],
    ],
    jel: ["G41", "G12", "D91"],
    themes: [
      theme(
        ["投资者注意力与股票收益", "Investor Attention and Stock Returns"],
        ["散户有限注意力对股票价格的影响", "how retail investors' limited attention affects stock prices"],
        [
          "散户注意力的冲击会在短期内推高股价，随后在数周内出现明显反转",
          "shocks to retail attention push prices up in the short run and reverse clearly within weeks",
        ],
        [9, 10, 12, 11, 18],
      ),
      theme(
        ["过度自信与散户交易", "Overconfidence and Retail Trading"],
        ["过度自信对个人投资者交易行为的影响", "how overconfidence affects individual investors' trading"],
        [
          "自评能力越高的投资者交易越频繁，扣除成本后的收益也越低",
          "investors who rate their own skill more highly trade more often and earn lower returns after costs",
        ],
        [18, 5, 6, 9, 8],
      ),
      theme(
        ["处置效应与基金经理的卖出决策", "The Disposition Effect and Fund Managers' Selling Decisions"],
        ["专业投资者是否同样存在处置效应", "whether professional investors also show a disposition effect"],
        [
          "基金经理同样倾向于过早卖出盈利股票，这一倾向在业绩排名压力大时更为明显",
          "fund managers also tend to sell winners too early, especially under pressure from performance rankings",
        ],
        [9, 10, 11, 12, 13],
      ),
      theme(
        ["投资者情绪与企业融资决策", "Investor Sentiment and Corporate Financing"],
        ["市场情绪对企业融资决策的影响", "how firms adjust their financing when market sentiment runs high"],
        [
          "投资者情绪高涨时，企业更多发行股票，并将募集资金用于现金储备而非投资",
          "when sentiment runs high, firms issue more equity and hoard the proceeds as cash rather than invest them",
        ],
        [0, 2, 9, 12, 13],
      ),
    ],
  },
  {
    keywords: [
      ["市场势力", "market power"],
      ["加成率", "markups"],
      ["并购", "mergers"],
      ["进入壁垒", "entry barriers"],
    ],
    jel: ["L11", "L13", "L41"],
    themes: [
      theme(
        ["并购与市场势力", "Mergers and Market Power"],
        ["横向并购对行业加成率与消费者福利的影响", "how horizontal mergers affect markups and consumer welfare"],
        [
          "并购后行业加成率平均上升约四个百分点，但生产率提升抵消了部分福利损失",
          "markups rise by about four percentage points after mergers, though productivity gains offset part of the welfare loss",
        ],
        [1, 0, 15, 3, 17],
      ),
      theme(
        ["进入壁垒与价格竞争", "Entry Barriers and Price Competition"],
        ["降低进入壁垒对市场竞争的影响", "whether lowering entry barriers intensifies competition"],
        [
          "放宽准入后，新企业进入使在位企业的价格平均下降约百分之七",
          "after entry rules were relaxed, new entrants pushed incumbents' prices down by about 7 percent",
        ],
        [1, 3, 7, 14, 15],
      ),
      theme(
        ["纵向一体化与供应商创新", "Vertical Integration and Supplier Innovation"],
        ["纵向一体化对上游供应商创新的影响", "how vertical integration affects innovation by upstream suppliers"],
        [
          "下游企业的纵向一体化使未被整合的上游供应商专利申请减少约一成",
          "downstream vertical integration reduces patent applications by non-integrated upstream suppliers by about a tenth",
        ],
        [1, 0, 2, 3, 15],
      ),
      theme(
        ["产业政策与企业生产率", "Industrial Policy and Firm Productivity"],
        ["选择性产业政策对企业生产率的影响", "how selective industrial policy affects firm productivity"],
        [
          "获得补贴的企业生产率并未明显提高，行业内的资源错配反而有所加剧",
          "subsidized firms do not become noticeably more productive, while misallocation within the industry worsens",
        ],
        [1, 0, 3, 14, 15],
      ),
    ],
  },
  {
    keywords: [
      ["最低工资", "minimum wages"],
      ["劳动力流动", "labor mobility"],
      ["技能溢价", "the skill premium"],
      ["人力资本", "human capital"],
    ],
    jel: ["J24", "J31", "J61"],
    themes: [
      theme(
        ["最低工资与企业雇佣", "Minimum Wages and Firm Employment"],
        ["最低工资上调对企业雇佣的影响", "how minimum wage increases affect firms' hiring"],
        [
          "最低工资上调对总体就业的影响很小，但企业会减少低技能工人的雇佣并增加自动化投入",
          "minimum wage increases barely change overall employment, but firms hire fewer low-skilled workers and invest more in automation",
        ],
        [1, 14, 7, 19, 3],
      ),
      theme(
        ["户籍制度改革与劳动力流动", "Hukou Reform and Labor Mobility"],
        ["户籍制度改革对劳动力跨地区流动的影响", "how hukou reform affects migration across regions"],
        [
          "落户门槛降低后，流入城市的劳动力增加约百分之十二，且以高技能劳动力为主",
          "lowering the hukou threshold raises migrant inflows to a city by about 12 percent, mostly of high-skilled workers",
        ],
        [14, 6, 7, 3, 15],
      ),
      theme(
        ["高校扩招与技能溢价", "College Expansion and the Skill Premium"],
        ["高校扩招对大学毕业生工资溢价的影响", "how college expansion affects the wage premium of university graduates"],
        [
          "扩招使大学学历的工资溢价在短期内下降，但十年后已基本恢复",
          "the expansion lowers the college wage premium in the short run, but the premium has largely recovered ten years on",
        ],
        [6, 5, 14, 19, 15],
      ),
      theme(
        ["远程办公与员工生产率", "Remote Work and Employee Productivity"],
        ["远程办公对员工生产率与晋升的影响", "how remote work affects employees' productivity and promotion"],
        ["远程办公使员工生产率提高约百分之四，但晋升概率有所下降", "remote work raises productivity by about 4 percent but lowers the chance of promotion"],
        [19, 8, 18, 4, 3],
        2021,
      ),
    ],
  },
  {
    keywords: [
      ["关税", "tariffs"],
      ["全球价值链", "global value chains"],
      ["出口", "exports"],
      ["汇率传递", "exchange rate pass-through"],
    ],
    jel: ["F13", "F14", "F12"],
    themes: [
      theme(
        ["贸易摩擦与企业出口", "Trade Tensions and Firm Exports"],
        ["关税上调对出口企业的影响", "how tariff increases affect exporting firms"],
        [
          "受加征关税影响的企业出口额平均下降约两成，部分企业通过第三国转口转移订单",
          "affected firms' exports fall by about a fifth, and some reroute orders through third countries",
        ],
        [1, 0, 15, 3, 11],
      ),
      theme(
        ["全球价值链嵌入与企业创新", "Global Value Chain Participation and Firm Innovation"],
        ["嵌入全球价值链对企业创新的影响", "how participation in global value chains affects firm innovation"],
        [
          "嵌入全球价值链显著促进了企业的专利产出，且以改进型创新为主",
          "participation in global value chains significantly raises firms' patenting, mostly through incremental innovation",
        ],
        [1, 0, 2, 15, 11],
      ),
      theme(
        ["贸易自由化与地区劳动力市场", "Trade Liberalization and Local Labor Markets"],
        ["贸易自由化对地区就业与工资的影响", "how trade liberalization affects local employment and wages"],
        [
          "关税削减幅度较大的地区制造业就业增长更快，工资差距则有所收窄",
          "regions facing larger tariff cuts see faster growth in manufacturing employment and a narrower wage gap",
        ],
        [7, 14, 15, 11, 6],
      ),
      theme(
        ["汇率波动与出口定价", "Exchange Rate Movements and Export Pricing"],
        ["人民币汇率波动下出口企业的定价调整", "how exporters adjust their prices when the renminbi moves"],
        [
          "人民币升值时，出口企业仅将约三成的汇率变动传递到外币价格上",
          "when the renminbi appreciates, exporters pass only about 30 percent of the change through to foreign-currency prices",
        ],
        [1, 0, 4, 15, 11],
      ),
    ],
  },
  {
    keywords: [
      ["风险溢价", "risk premia"],
      ["股票收益可预测性", "return predictability"],
      ["市场异象", "anomalies"],
      ["卖空限制", "short-sale constraints"],
    ],
    jel: ["G12", "G11", "G14"],
    themes: [
      theme(
        ["特质波动率之谜", "The Idiosyncratic Volatility Puzzle"],
        ["特质波动率与未来股票收益之间的关系", "how idiosyncratic volatility relates to future stock returns"],
        [
          "高特质波动率股票的未来收益显著更低，这一异象主要集中在卖空受限的股票中",
          "stocks with high idiosyncratic volatility earn significantly lower future returns, and the anomaly is concentrated among stocks that are hard to short",
        ],
        [9, 10, 11, 12, 2],
      ),
      theme(
        ["气候风险与资产价格", "Climate Risk and Asset Prices"],
        ["气候风险在股票与债券价格中的反映", "whether climate risk is priced in stocks and bonds"],
        [
          "碳排放较高的企业须向投资者支付显著的风险溢价，且这一溢价在气候政策公布后明显上升",
          "high-emission firms pay investors a significant risk premium, which rises markedly after climate policy announcements",
        ],
        [9, 13, 11, 12, 10],
      ),
      theme(
        ["机器学习与股票收益预测", "Machine Learning and the Prediction of Stock Returns"],
        ["机器学习方法对股票收益可预测性的改进", "whether machine learning improves the predictability of stock returns"],
        [
          "神经网络模型的样本外预测能力明显优于线性模型，主要来自对流动性与动量特征的非线性利用",
          "neural networks beat linear models out of sample, mainly by exploiting liquidity and momentum characteristics nonlinearly",
        ],
        [9, 10, 11, 13, 0],
      ),
      theme(
        ["卖空限制与股价效率", "Short-Sale Constraints and Price Efficiency"],
        ["放松卖空限制对股价信息效率的影响", "how relaxing short-sale constraints affects the informational efficiency of prices"],
        [
          "融券标的扩容后，相关股票的价格对负面信息的反应更快，高估程度下降",
          "after securities lending was extended to more stocks, their prices responded faster to bad news and became less overvalued",
        ],
        [9, 10, 3, 0, 12],
      ),
    ],
  },
  {
    keywords: [
      ["ESG评级", "ESG ratings"],
      ["可持续投资", "sustainable investment"],
      ["信息披露", "disclosure"],
      ["漂绿", "greenwashing"],
    ],
    jel: ["G11", "M14", "Q56"],
    themes: [
      theme(
        ["ESG评级与企业融资成本", "ESG Ratings and the Cost of Capital"],
        ["ESG评级对企业融资成本的影响", "how ESG ratings affect a firm's cost of capital"],
        ["ESG评级上调使企业的债券发行利差平均收窄约十五个基点", "an ESG rating upgrade narrows a firm's bond issuance spread by about 15 basis points"],
        [0, 13, 9, 2, 3],
      ),
      theme(
        ["ESG基金的漂绿行为", "Greenwashing by ESG Funds"],
        ["标榜ESG的基金是否真正持有ESG表现良好的资产", "whether funds marketed as ESG actually hold assets with strong ESG performance"],
        [
          "约四成ESG基金的持仓与普通基金并无显著差异，却收取更高的管理费",
          "about 40 percent of ESG funds hold portfolios no different from conventional funds, yet charge higher fees",
        ],
        [9, 11, 12, 2, 13],
        2020,
      ),
      theme(
        ["ESG信息披露与股价崩盘风险", "ESG Disclosure and Stock Price Crash Risk"],
        ["强制ESG信息披露对股价崩盘风险的影响", "how mandatory ESG disclosure affects stock price crash risk"],
        [
          "强制披露后，企业股价崩盘风险显著下降，分析师预测也更为准确",
          "after disclosure became mandatory, crash risk fell significantly and analysts' forecasts became more accurate",
        ],
        [0, 3, 9, 2, 11],
      ),
      theme(
        ["投资者的ESG偏好与基金资金流", "Investor Preferences for ESG and Fund Flows"],
        ["投资者是否愿意为ESG表现牺牲收益", "whether investors are willing to give up returns for ESG performance"],
        [
          "获得高可持续评级的基金资金净流入显著增加，即便其历史收益并无优势",
          "funds awarded high sustainability ratings attract significantly more inflows, even without better past returns",
        ],
        [9, 18, 5, 11, 12],
      ),
    ],
  },
  {
    keywords: [
      ["供应链韧性", "supply chain resilience"],
      ["库存管理", "inventory management"],
      ["供应商关系", "supplier relationships"],
      ["供应链金融", "supply chain finance"],
    ],
    jel: ["L14", "L23", "M11"],
    themes: [
      theme(
        ["客户集中度与企业现金持有", "Customer Concentration and Corporate Cash Holdings"],
        ["大客户依赖对企业现金持有与经营风险的影响", "how dependence on major customers affects firms' cash holdings and operating risk"],
        [
          "前五大客户销售占比每提高十个百分点，企业现金持有率上升约一个百分点",
          "every ten-percentage-point increase in the share of sales to the top five customers raises cash holdings by about one percentage point",
        ],
        [0, 1, 2, 4, 13],
      ),
      theme(
        ["供应链中断与企业韧性", "Supply Chain Disruptions and Firm Resilience"],
        ["供应链中断冲击下企业生产与采购的调整", "how firms adjust production and sourcing after supply chain disruptions"],
        [
          "供应商多元化程度高的企业在冲击后产出恢复更快，但平时的采购成本也更高",
          "firms with more diversified suppliers recover output faster after a shock but pay more for inputs in normal times",
        ],
        [1, 0, 4, 15, 3],
      ),
      theme(
        ["数字化采购与库存效率", "Digital Procurement and Inventory Efficiency"],
        ["数字化采购系统对企业库存管理的影响", "how digital procurement systems affect inventory management"],
        ["采用数字化采购系统后，企业存货周转天数平均缩短约十一天", "after adopting digital procurement, firms cut their inventory days by about eleven"],
        [0, 2, 4, 17, 1],
      ),
      theme(
        ["供应链金融与上游中小企业融资", "Supply Chain Finance and Credit for Small Suppliers"],
        ["核心企业主导的供应链金融对中小供应商融资的影响", "how supply chain finance led by anchor firms affects financing for small suppliers"],
        [
          "加入供应链金融平台后，中小供应商的应收账款回款周期缩短约三成",
          "joining a supply chain finance platform shortens small suppliers' collection period by about 30 percent",
        ],
        [16, 4, 17, 0, 3],
      ),
    ],
  },
  {
    keywords: [
      ["研发投入", "R&D investment"],
      ["风险投资", "venture capital"],
      ["专利", "patents"],
      ["初创企业", "start-ups"],
    ],
    jel: ["O31", "L26", "O32"],
    themes: [
      theme(
        ["研发补贴与企业创新", "R&D Subsidies and Firm Innovation"],
        ["政府研发补贴对企业创新的激励作用", "whether government R&D subsidies spur firm innovation"],
        [
          "研发补贴显著增加了企业的专利申请，但以实用新型而非发明专利为主",
          "R&D subsidies significantly raise patent applications, mostly utility models rather than invention patents",
        ],
        [0, 1, 2, 3, 4],
      ),
      theme(
        ["风险投资与初创企业成长", "Venture Capital and Start-up Growth"],
        ["风险投资对初创企业成长与创新的影响", "how venture capital affects the growth and innovation of start-ups"],
        ["获得风险投资的初创企业在三年内雇员数平均增长约一倍", "start-ups backed by venture capital roughly double their headcount within three years"],
        [4, 2, 14, 3, 9],
      ),
      theme(
        ["个人破产制度与创业意愿", "Personal Bankruptcy Law and the Decision to Start a Business"],
        ["失败成本降低对个人创业决策的影响", "how lower costs of failure affect people's decisions to start a business"],
        [
          "个人破产制度试点使试点地区的新设企业数增加约百分之九",
          "the personal bankruptcy pilot raised new business registrations in pilot areas by about 9 percent",
        ],
        [3, 7, 14, 6, 18],
        2022,
      ),
      theme(
        ["知识产权保护与企业创新", "Intellectual Property Protection and Corporate Innovation"],
        ["知识产权法院设立对企业创新的影响", "how the creation of intellectual property courts affects corporate innovation"],
        [
          "知识产权法院设立后，当地企业的发明专利申请增加约一成，专利质量也明显提高",
          "after intellectual property courts opened, local firms filed about 10 percent more invention patents, of clearly higher quality",
        ],
        [3, 0, 14, 2, 1],
        2017,
      ),
    ],
  },
  {
    keywords: [
      ["减贫", "poverty reduction"],
      ["基础设施", "infrastructure"],
      ["农村发展", "rural development"],
      ["人力资本", "human capital"],
    ],
    jel: ["O12", "O15", "I32"],
    themes: [
      theme(
        ["基础设施与农村减贫", "Infrastructure and Rural Poverty Reduction"],
        ["农村公路建设对农户收入与贫困的影响", "how rural road building affects household income and poverty"],
        [
          "通硬化路后，农户人均收入提高约百分之八，非农就业比例明显上升",
          "once villages get paved roads, household income per head rises by about 8 percent and more people work outside agriculture",
        ],
        [7, 6, 5, 3, 8],
      ),
      theme(
        ["电商进村与农户收入", "Rural E-Commerce and Farm Household Income"],
        ["农村电商对农户收入的影响", "how rural e-commerce affects the income of farm households"],
        [
          "电商进村显著提高了农户收入，但收益主要由受教育程度较高的家庭获得",
          "e-commerce in villages raises farm household income significantly, but the gains go mainly to better-educated households",
        ],
        [7, 8, 14, 6, 3],
      ),
      theme(
        ["土地确权与农业投资", "Land Titling and Agricultural Investment"],
        ["农村土地确权对农户投资与土地流转的影响", "how rural land titling affects farmers' investment and land rentals"],
        ["土地确权后，农户的长期投资与土地流转显著增加", "after titling, farmers invest more for the long run and rent out significantly more land"],
        [6, 5, 7, 3, 8],
      ),
      theme(
        ["人力资本与地区经济增长", "Human Capital and Regional Growth"],
        ["人力资本积累对地区经济增长的贡献", "how much human capital accumulation contributes to regional growth"],
        [
          "平均受教育年限每增加一年，地区人均产出增长率提高约零点六个百分点",
          "each extra year of average schooling raises regional growth in output per head by about 0.6 percentage points",
        ],
        [11, 14, 7, 15, 6],
      ),
    ],
  },
  {
    keywords: [
      ["因果推断", "causal inference"],
      ["双重差分", "difference-in-differences"],
      ["工具变量", "instrumental variables"],
      ["断点回归", "regression discontinuity"],
    ],
    jel: ["C21", "C23", "C26"],
    themes: [
      theme(
        ["交错处理下的双重差分估计", "Difference-in-Differences Estimation with Staggered Treatment"],
        [
          "处理时点交错且效应异质时平均处理效应的估计",
          "how to estimate average treatment effects when treatment is staggered and its effects are heterogeneous",
        ],
        [
          "传统双向固定效应估计量甚至可能给出符号相反的结果，而本文的估计量在各种设定下均接近真实值",
          "the conventional two-way fixed effects estimator can even get the sign wrong, while the proposed estimator stays close to the truth across designs",
        ],
        [20, 21, 22, 23, 24],
        2020,
      ),
      theme(
        ["弱工具变量下的稳健推断", "Robust Inference with Weak Instruments"],
        ["工具变量较弱时的可靠统计推断", "how to draw reliable inference when instruments are weak"],
        [
          "常用的第一阶段F统计量经验法则会严重低估检验的实际拒绝率，而本文提出的检验在弱工具下仍能保持正确的水平",
          "the usual first-stage F-statistic rule of thumb badly understates actual rejection rates, whereas the proposed test keeps its size under weak instruments",
        ],
        [20, 21, 23, 24, 22],
      ),
      theme(
        ["高维数据下的因果推断", "Causal Inference with High-Dimensional Data"],
        ["控制变量维度很高时因果效应的估计", "how to estimate causal effects when there are many potential controls"],
        [
          "双重机器学习估计量的有限样本偏误更小，置信区间的覆盖率也更接近名义水平",
          "the double machine learning estimator has smaller finite-sample bias and confidence intervals with close to nominal coverage",
        ],
        [20, 21, 24, 23, 22],
        2018,
      ),
      theme(
        ["断点回归中的带宽选择", "Bandwidth Choice in Regression Discontinuity Designs"],
        ["断点回归设计中带宽的选择与有效推断", "how to choose the bandwidth and draw valid inference in regression discontinuity designs"],
        [
          "常用带宽下置信区间的覆盖率偏低，经偏误校正的稳健区间能显著改善推断",
          "confidence intervals at conventional bandwidths under-cover, and bias-corrected robust intervals improve inference markedly",
        ],
        [20, 21, 22, 23, 24],
      ),
    ],
  },
  {
    keywords: [
      ["双边市场", "two-sided markets"],
      ["网络效应", "network effects"],
      ["平台治理", "platform governance"],
      ["算法推荐", "algorithmic recommendation"],
    ],
    jel: ["L86", "D43", "L41"],
    themes: [
      theme(
        ["平台抽成与商家定价", "Platform Commissions and Seller Pricing"],
        ["平台佣金率变化向商家定价与消费者的传导", "how changes in platform commission rates pass through to seller prices and consumers"],
        [
          "佣金率每提高一个百分点，商家售价平均上涨约零点四个百分点",
          "each percentage-point rise in the commission raises seller prices by about 0.4 percentage points",
        ],
        [17, 3, 15, 4, 18],
      ),
      theme(
        ["算法推荐与消费者选择", "Algorithmic Recommendations and Consumer Choice"],
        ["算法推荐对消费者选择与市场集中度的影响", "how algorithmic recommendations affect consumer choice and market concentration"],
        [
          "个性化推荐提高了长尾商品的销量，但也使头部商家的市场份额进一步上升",
          "personalized recommendations lift sales of niche products but also further raise the market share of top sellers",
        ],
        [17, 18, 8, 3, 12],
      ),
      theme(
        ["平台反垄断与商家进入", "Platform Antitrust and Seller Entry"],
        ["平台反垄断执法对创新与商家进入的影响", "how antitrust enforcement against platforms affects innovation and seller entry"],
        [
          "“二选一”行为被禁止后，平台上中小商家的进入数量增加约一成",
          "after exclusive-dealing demands were banned, entry by small sellers on the platform rose by about a tenth",
        ],
        [17, 3, 0, 14, 15],
      ),
      theme(
        ["零工经济与劳动者收入", "The Gig Economy and Workers' Earnings"],
        ["外卖与网约车平台对劳动者收入与工作时间的影响", "how delivery and ride-hailing platforms affect workers' earnings and hours"],
        [
          "平台就业为低技能劳动者提供了更灵活的收入来源，但时薪波动明显更大",
          "platform work gives low-skilled workers a more flexible source of income, but hourly pay is far more volatile",
        ],
        [6, 17, 19, 18, 14],
      ),
    ],
  },
  {
    keywords: [
      ["绿色信贷", "green credit"],
      ["绿色债券", "green bonds"],
      ["碳排放权交易", "emissions trading"],
      ["气候风险", "climate risk"],
    ],
    jel: ["Q56", "G18", "Q54"],
    themes: [
      theme(
        ["绿色信贷政策与企业减排", "Green Credit Policy and Corporate Emissions"],
        ["绿色信贷政策对重污染企业融资与排放的影响", "how green credit policy affects financing and emissions of heavily polluting firms"],
        [
          "政策实施后，重污染企业的新增贷款下降约一成，二氧化硫排放强度显著降低",
          "after the policy took effect, new loans to heavy polluters fell by about a tenth and their sulfur dioxide intensity dropped significantly",
        ],
        [0, 1, 16, 3, 14],
      ),
      theme(
        ["绿色债券的定价与认证", "Pricing and Certifying Green Bonds"],
        ["第三方认证对绿色债券发行定价的影响", "whether third-party certification affects the pricing of green bonds"],
        ["经第三方认证的绿色债券发行利率平均低约二十个基点", "certified green bonds are issued at yields about 20 basis points lower"],
        [2, 11, 9, 0, 3],
      ),
      theme(
        ["碳排放权交易与企业绿色创新", "Emissions Trading and Green Innovation"],
        ["碳排放权交易试点对企业绿色创新的影响", "how pilot emissions trading schemes affect firms' green innovation"],
        [
          "试点覆盖企业的绿色专利申请增加约百分之十五，且主要来自高排放行业",
          "firms covered by the pilot file about 15 percent more green patents, mostly in high-emission industries",
        ],
        [3, 0, 1, 14, 2],
        2016,
      ),
      theme(
        ["气候风险与银行信贷", "Climate Risk and Bank Lending"],
        ["银行放贷中对借款人气候风险的考量", "whether banks account for borrowers' climate risk when lending"],
        ["面临较高物理气候风险的企业获得的贷款期限更短、利率更高", "firms exposed to greater physical climate risk get shorter loans at higher rates"],
        [16, 0, 7, 11, 13],
      ),
    ],
  },
  {
    keywords: [
      ["自动化", "automation"],
      ["生成式人工智能", "generative AI"],
      ["工业机器人", "industrial robots"],
      ["算法", "algorithms"],
    ],
    jel: ["O33", "J23", "J24"],
    themes: [
      theme(
        ["人工智能与劳动力市场", "Artificial Intelligence and the Labor Market"],
        ["人工智能应用对就业结构与工资的影响", "how the adoption of artificial intelligence affects the structure of employment and wages"],
        [
          "人工智能应用减少了常规认知岗位的需求，同时提高了高技能岗位的工资",
          "the adoption of artificial intelligence cuts demand for routine cognitive jobs while raising pay in high-skilled ones",
        ],
        [19, 14, 0, 2, 6],
      ),
      theme(
        ["工业机器人与制造业生产率", "Industrial Robots and Manufacturing Productivity"],
        ["工业机器人应用对制造业生产率与就业的影响", "how industrial robots affect productivity and employment in manufacturing"],
        [
          "机器人密度每提高一个标准差，企业劳动生产率提高约百分之六，但一线岗位有所减少",
          "a one-standard-deviation increase in robot density raises labor productivity by about 6 percent but reduces production-line jobs",
        ],
        [4, 0, 14, 11, 15],
      ),
      theme(
        ["生成式人工智能与知识工作者", "Generative AI and Knowledge Workers"],
        ["生成式人工智能对知识工作者效率与产出质量的影响", "how generative AI affects the productivity and output quality of knowledge workers"],
        [
          "使用生成式人工智能使任务完成时间缩短约三成，且对经验较少的员工帮助最大",
          "generative AI cuts task completion time by about 30 percent and helps less experienced workers most",
        ],
        [18, 8, 19, 4, 2],
        2023,
      ),
      theme(
        ["算法定价与市场竞争", "Algorithmic Pricing and Market Competition"],
        ["定价算法的普及对市场竞争的影响", "whether the spread of pricing algorithms weakens competition"],
        [
          "在大型电商平台上，采用定价算法的商家价格显著趋同，利润率上升约百分之九",
          "on a large e-commerce platform, sellers using pricing algorithms converge on prices and earn margins about 9 percent higher",
        ],
        [17, 18, 12, 3, 15],
      ),
    ],
  },
  {
    keywords: [
      ["地方政府债务", "local government debt"],
      ["税收", "taxation"],
      ["财政乘数", "fiscal multipliers"],
      ["转移支付", "fiscal transfers"],
    ],
    jel: ["E62", "H71", "H77"],
    themes: [
      theme(
        ["地方政府债务与企业投资", "Local Government Debt and Corporate Investment"],
        ["地方政府债务扩张对企业投资的挤出效应", "whether the expansion of local government debt crowds out corporate investment"],
        [
          "地方政府债务每增加一个标准差，当地民营企业的投资率下降约百分之二",
          "a one-standard-deviation increase in local government debt lowers the investment rate of local private firms by about 2 percent",
        ],
        [0, 1, 14, 13, 16],
      ),
      theme(
        ["增值税改革与企业就业", "VAT Reform and Firm Employment"],
        ["增值税改革对企业投资与就业的影响", "how value-added tax reform affects corporate investment and employment"],
        [
          "增值税税率下调使企业雇佣人数增加约百分之三，对劳动密集型企业的效果更大",
          "the VAT rate cut raises employment by about 3 percent, more so in labor-intensive firms",
        ],
        [1, 0, 3, 4, 19],
      ),
      theme(
        ["财政乘数的大小与状态依存", "The Size and State Dependence of Fiscal Multipliers"],
        ["政府支出乘数在经济衰退期与扩张期的差异", "whether government spending multipliers differ between recessions and expansions"],
        ["衰退期的财政支出乘数约为一点五，明显高于扩张期的零点六", "the spending multiplier is about 1.5 in recessions, well above 0.6 in expansions"],
        [11, 14, 7, 15, 3],
      ),
      theme(
        ["转移支付与地区差距", "Fiscal Transfers and Regional Disparities"],
        ["中央对地方转移支付对地区发展差距的影响", "whether central transfers to local governments narrow regional gaps"],
        [
          "转移支付显著提高了欠发达地区的公共服务水平，但对经济增长的拉动有限",
          "transfers significantly improve public services in less developed regions but do little for growth",
        ],
        [7, 14, 15, 6, 3],
      ),
    ],
  },
  {
    keywords: [
      ["系统性风险", "systemic risk"],
      ["宏观审慎政策", "macroprudential policy"],
      ["银行风险承担", "bank risk-taking"],
      ["影子银行", "shadow banking"],
    ],
    jel: ["G21", "G28", "E44"],
    themes: [
      theme(
        ["银行竞争与风险承担", "Bank Competition and Risk-Taking"],
        ["银行业竞争加剧对银行风险承担的影响", "how stronger competition among banks affects their risk-taking"],
        [
          "新银行进入后，在位银行的不良贷款率上升，风险承担明显增加",
          "after new banks enter, incumbents' non-performing loan ratios rise and they take markedly more risk",
        ],
        [16, 14, 7, 3, 11],
      ),
      theme(
        ["宏观审慎政策与住房信贷", "Macroprudential Policy and Mortgage Lending"],
        ["宏观审慎政策对住房信贷与房价的影响", "how macroprudential policy affects mortgage lending and house prices"],
        [
          "首付比例上调使新增住房贷款下降约一成，房价涨幅随之放缓",
          "higher down-payment requirements cut new mortgage lending by about a tenth and slow house price growth",
        ],
        [16, 14, 11, 5, 3],
      ),
      theme(
        ["影子银行与系统性风险", "Shadow Banking and Systemic Risk"],
        ["影子银行业务扩张对系统性金融风险的影响", "how the growth of shadow banking affects systemic financial risk"],
        [
          "理财产品规模扩张提高了银行之间的风险关联度，在流动性紧张时期尤为明显",
          "the growth of wealth management products raises risk interconnection among banks, especially when liquidity is tight",
        ],
        [9, 13, 11, 16, 15],
      ),
      theme(
        ["存款保险与银行挤兑", "Deposit Insurance and Bank Runs"],
        ["存款保险制度对中小银行挤兑风险的影响", "whether deposit insurance reduces the risk of runs on small banks"],
        [
          "存款保险实施后，中小银行存款在市场动荡期间的流失明显减少",
          "after deposit insurance was introduced, small banks lost far fewer deposits during market turmoil",
        ],
        [16, 3, 7, 11, 5],
        2016,
      ),
    ],
  },
  {
    keywords: [
      ["消费者行为", "consumer behavior"],
      ["在线评论", "online reviews"],
      ["个性化定价", "personalized pricing"],
      ["广告效果", "advertising effectiveness"],
    ],
    jel: ["M31", "D12", "L15"],
    themes: [
      theme(
        ["直播带货与消费者购买决策", "Livestream Selling and Consumer Purchase Decisions"],
        ["直播带货对消费者购买与退货的影响", "how livestream selling affects consumers' purchases and returns"],
        [
          "直播期间的销量平均增长约三倍，但退货率也高出约八个百分点",
          "sales roughly triple during livestreams, but return rates are about eight percentage points higher",
        ],
        [17, 18, 8, 12, 3],
        2020,
      ),
      theme(
        ["在线评论与产品销量", "Online Reviews and Product Sales"],
        ["在线评论的数量与情感倾向对产品销量的影响", "how the number and tone of online reviews affect product sales"],
        [
          "评分每提高一星，销量平均增长约百分之十二，而负面评论的影响大于正面评论",
          "each additional star raises sales by about 12 percent, and negative reviews weigh more than positive ones",
        ],
        [17, 12, 18, 8, 3],
      ),
      theme(
        ["个性化定价与消费者福利", "Personalized Pricing and Consumer Welfare"],
        ["基于数据的个性化定价对消费者福利的影响", "how data-driven personalized pricing affects consumer welfare"],
        [
          "个性化定价使平台利润上升约百分之五，而消费者总剩余仅小幅下降",
          "personalized pricing raises platform profits by about 5 percent while total consumer surplus falls only slightly",
        ],
        [17, 18, 8, 15, 12],
      ),
      theme(
        ["品牌广告的长期效果", "The Long-Run Effects of Brand Advertising"],
        ["品牌广告投入对销量的长期影响", "how brand advertising affects sales in the long run"],
        [
          "品牌广告的效果可持续约六个季度，其长期弹性约为短期弹性的两倍",
          "brand advertising keeps working for about six quarters, with a long-run elasticity about twice the short-run one",
        ],
        [0, 17, 8, 12, 4],
      ),
    ],
  },
  {
    keywords: [
      ["领导力", "leadership"],
      ["团队合作", "teamwork"],
      ["员工激励", "employee motivation"],
      ["组织公平", "organizational justice"],
    ],
    jel: ["M12", "M54", "D23"],
    themes: [
      theme(
        ["领导风格与员工创新", "Leadership Style and Employee Innovation"],
        ["领导风格对员工创新行为的影响", "how leadership style affects employees' innovative behavior"],
        [
          "授权型领导显著提高了员工提出创新建议的频率，心理安全感在其中起中介作用",
          "empowering leadership makes employees significantly more likely to propose new ideas, with psychological safety as the mediator",
        ],
        [19, 4, 18, 8, 2],
      ),
      theme(
        ["强制排名考核与团队合作", "Forced Ranking and Teamwork"],
        ["强制排名式绩效考核对团队合作的影响", "how forced-ranking appraisal affects teamwork"],
        [
          "采用强制排名后，个人产出略有提高，但员工之间的知识分享明显减少",
          "under forced ranking, individual output rises slightly but knowledge sharing among employees drops markedly",
        ],
        [19, 8, 18, 4, 0],
      ),
      theme(
        ["远程协作与组织沟通", "Remote Collaboration and Organizational Communication"],
        ["远程协作对组织内部沟通网络的影响", "how remote collaboration changes communication networks inside organizations"],
        [
          "转为远程协作后，跨部门沟通减少约四分之一，部门内部的联系则更加紧密",
          "after the switch to remote collaboration, communication across departments falls by about a quarter while ties within departments tighten",
        ],
        [19, 4, 18, 2, 8],
        2021,
      ),
      theme(
        ["组织公平与员工离职", "Organizational Justice and Employee Turnover"],
        ["员工感知的组织公平对其离职意愿的影响", "how perceived organizational justice affects employees' intention to quit"],
        [
          "程序公平感每提高一个标准差，员工一年内的离职概率下降约五个百分点",
          "a one-standard-deviation increase in perceived procedural justice lowers the probability of quitting within a year by about five percentage points",
        ],
        [19, 4, 18, 8, 6],
      ),
    ],
  },
];

/** A topic's English name as it reads inside a sentence: "monetary policy", "ESG investing", "AI and the economy". */
export function prose(name: string): string {
  return name
    .split(" ")
    .map((word) => (/^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(" ");
}

/** An institution's English name inside a sentence: "the School of Economics, …", but "NUS Business School". */
export function institution(name: string, start = false): string {
  if (!/^(School|Economics and Management School)\b/.test(name)) return name;
  return `${start ? "The" : "the"} ${name}`;
}

/** "A", "A and B", "A, B and C" (en) and "甲、乙和丙" (zh). */
export function listOf(items: string[], lang: "zh" | "en"): string {
  if (items.length < 2) return items.join("");
  const last = items.at(-1);
  return `${items.slice(0, -1).join(lang === "zh" ? "、" : ", ")}${lang === "zh" ? "和" : " and "}${last}`;
}

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}

type Pick = <T>(list: readonly T[]) => T;

/** The list starting at a randomly picked element (and wrapping round), so its first elements are distinct. */
function rotated<T>(pick: Pick, list: readonly T[]): T[] {
  const start = pick(list.map((_, index) => index));
  return [...list.slice(start), ...list.slice(0, start)];
}

/** The title of a paper: its theme and evidence, joined as a question or with a colon. */
export function paperTitle(theme: Theme, evidence: Evidence): Pair {
  const [zh, en] = theme.title;
  return [`${zh}${zh.endsWith("？") ? "" : "："}${evidence.subtitle[0]}`, `${en}${en.endsWith("?") ? " " : ": "}${evidence.subtitle[1]}`];
}

export interface PaperText {
  summary: Pair;
  method: Method;
}

/** A paper's abstract: question, data and design, main finding, then heterogeneity or robustness, and what it means. */
export function paperAbstract(pick: Pick, topic: Pair, theme: Theme, evidence: Evidence): PaperText {
  const [q, qEn] = theme.question;
  const [f, fEn] = theme.finding;
  const [data, dataEn] = evidence.data;
  const method = pick(evidence.methods);
  const [m, mEn] = method.name;
  const sentences: Pair[] = [];
  const methodsPaper = evidence.unit === "methods";
  sentences.push(
    pick<Pair>(
      methodsPaper
        ? [
            [`本文讨论${q}。`, `This paper studies ${qEn}.`],
            [`应用研究中常常需要面对${q}这一问题。`, `Applied researchers often need to know ${qEn}.`],
          ]
        : [
            [`本文考察${q}。`, `This paper examines ${qEn}.`],
            [
              `${q}是学界与政策制定者共同关心的问题，本文对此提供新的经验证据。`,
              `Scholars and policymakers alike want to know ${qEn}; this paper offers new evidence.`,
            ],
            [`现有文献对${q}尚未形成一致结论，本文尝试回答这一问题。`, `Existing studies disagree on ${qEn}, and this paper takes up the question.`],
          ],
    ),
  );
  sentences.push(
    methodsPaper
      ? [`本文提出${m}，并通过${data}检验其表现。`, `We propose ${mEn} and assess its performance with ${dataEn}.`]
      : pick<Pair>([
          [`本文利用${data}，采用${m}展开分析。`, `Using ${dataEn}, the analysis relies on ${mEn}.`],
          [`基于${data}，本文运用${m}进行实证检验。`, `We draw on ${dataEn} and use ${mEn}.`],
        ]),
  );
  sentences.push(
    pick<Pair>([
      [`研究发现，${f}。`, `We find that ${fEn}.`],
      [`结果表明，${f}。`, `The results show that ${fEn}.`],
    ]),
  );
  const groups = GROUPS[evidence.unit];
  if (groups.length && pick([true, false])) {
    const [g, gEn] = pick(groups);
    sentences.push([`异质性分析显示，这一效应集中体现在${g}。`, `Heterogeneity analysis shows that the effect is strongest for ${gEn}.`]);
  } else {
    sentences.push(
      methodsPaper
        ? ["文中给出了易于实现的计算步骤与配套代码。", "The paper gives easy-to-implement steps and accompanying code."]
        : ["经过一系列稳健性检验后，上述结论依然成立。", "The results survive a battery of robustness checks."],
    );
  }
  if (pick([true, false, false]))
    sentences.push([
      `本文的发现丰富了${topic[0]}领域的文献，也可为政策制定提供参考。`,
      `The findings add to the literature on ${prose(topic[1])} and can inform policymakers.`,
    ]);
  return { summary: [sentences.map((s) => s[0]).join(""), sentences.map((s) => s[1]).join(" ")], method };
}

/** Keywords and JEL codes of a paper: its topic's, its design's. */
export function paperIndexTerms(pick: Pick, topicText: TopicText, topic: Pair, method: Method) {
  const first = pick(topicText.keywords);
  const second = pick(topicText.keywords.filter((keyword) => keyword !== first));
  const named: Pair = [topic[0], prose(topic[1])];
  const keywords: Pair[] = [named, first, second, method.keyword].filter((keyword, index, all) => all.findIndex((other) => other[0] === keyword[0]) === index);
  const jel = [topicText.jel[0], pick(topicText.jel.slice(1))];
  if (method.jel && !jel.includes(method.jel)) jel.push(method.jel);
  return { keywords: keywords.map((keyword) => keyword[0]), keywordsEn: keywords.map((keyword) => keyword[1]), jel };
}

export type LiveFormat = "lecture" | "forum" | "workshop" | "roundtable" | "seminar";

/** A live talk's summary, by its format: who speaks or hosts, and what about. */
export function liveSummary(pick: Pick, format: LiveFormat, topic: Pair, text: TopicText, speaker: Pair, org: Pair): Pair {
  const [s, sEn] = speaker;
  const [o, oEn] = org;
  const t = topic[0];
  const tEn = prose(topic[1]);
  const theme = pick(text.themes);
  const [k1, k2] = rotated(pick, text.keywords);
  switch (format) {
    case "lecture":
      return [
        `${s}（${o}）主讲。讲座从${theme.question[0]}谈起，梳理${k1[0]}与${k2[0]}方面的代表性研究，并讨论仍待回答的问题。`,
        `A lecture by ${sEn} (${oEn}). Starting from ${theme.question[1]}, it reviews key work on ${k1[1]} and ${k2[1]} and the questions that remain open.`,
      ];
    case "forum":
      return [
        `青年学者报告${t}方向的在研论文，每篇论文由一位资深学者评议；${s}（${o}）主持。`,
        `Young scholars present work in progress on ${tEn}, each paper followed by a senior discussant. Chair: ${sEn} (${oEn}).`,
      ];
    case "workshop": {
      const method = pick([M.did, M.iv, M.rd, M.synth, M.event]).keyword;
      return [
        `${s}（${o}）结合${t}研究中的实例讲解${method[0]}：识别假设、代码实现与稳健性检验。适合具备计量基础的研究生和青年教师。`,
        `${sEn} (${oEn}) teaches ${method[1]} through examples from ${tEn} research: the identifying assumptions, the code and the robustness checks. For graduate students and junior faculty with some econometrics.`,
      ];
    }
    case "roundtable":
      return [
        `${s}（${o}）主持，与几位嘉宾围绕${theme.question[0]}展开对话，并回答观众提问。`,
        `${sEn} (${oEn}) hosts a conversation with guests on ${theme.question[1]}, followed by questions from the audience.`,
      ];
    case "seminar":
      return [
        `${s}（${o}）报告新作《${theme.title[0]}》，随后由评议人点评，并与现场听众讨论。`,
        `${sEn} (${oEn}) presents a new paper, “${theme.title[1]}”. A discussant responds, and the floor is then open for questions.`,
      ];
  }
}

export type MeetingFormat = "conference" | "annual" | "doctoral";

/** A meeting's summary: who hosts and chairs it, where, and what it is about; past meetings in the past tense. */
export function meetingSummary(
  pick: Pick,
  format: MeetingFormat,
  topic: Pair,
  text: TopicText,
  fields: { n: number; chair: Pair; org: Pair; city: Pair; past: boolean },
): Pair {
  const { n, chair, org, city, past } = fields;
  const [k1, k2, k3] = rotated(pick, text.keywords);
  const t = topic[0];
  const tEn = prose(topic[1]);
  switch (format) {
    case "conference":
      return [
        `${org[0]}主办的第${n}届${t}国际研讨会${past ? "已于" : "将于"}${city[0]}举行，会期两天，设主旨演讲、平行分论坛和圆桌讨论，议题包括${k1[0]}、${k2[0]}与${k3[0]}。会议主席：${chair[0]}。`,
        `The ${ordinal(n)} International Conference on ${topic[1]}, hosted by ${institution(org[1])}, ${past ? "took" : "takes"} place in ${city[1]} over two days, with keynotes, parallel sessions and a panel on topics including ${k1[1]}, ${k2[1]} and ${k3[1]}. Conference chair: ${chair[1]}.`,
      ];
    case "annual":
      return [
        `${t}学术年会每年举办一次，本届由${org[0]}承办，${past ? "已于" : "将于"}${city[0]}举行。年会面向海内外学者征集${k1[0]}、${k2[0]}等方向的论文，由${chair[0]}担任程序委员会主席。`,
        `The ${topic[1]} Annual Meeting is held every year; this year's meeting, hosted by ${institution(org[1])}, ${past ? "took" : "will take"} place in ${city[1]}. Scholars in China and abroad ${past ? "were" : "are"} invited to submit papers on ${k1[1]}, ${k2[1]} and related themes. Programme chair: ${chair[1]}.`,
      ];
    case "doctoral":
      return [
        `面向${t}方向在读博士生的学术论坛，由${org[0]}主办，${past ? "已于" : "将于"}${city[0]}举行。每篇入选论文都由一位资深学者点评，${chair[0]}担任论坛召集人。`,
        `A forum for doctoral students working on ${tEn}, hosted by ${institution(org[1])} and ${past ? "held" : "to be held"} in ${city[1]}. A senior scholar discusses every selected paper; ${chair[1]} convenes the forum.`,
      ];
  }
}

/** A textbook's blurb: author, what it covers, for whom; later editions say what changed. */
export function bookBlurb(pick: Pick, topic: Pair, text: TopicText, edition: number, author: Pair, org: Pair): Pair {
  const [k1, k2, k3] = text.keywords;
  const t = topic[0];
  const tEn = prose(topic[1]);
  const body = pick<Pair>([
    [
      `${author[0]}（${org[0]}）著。本书是${t}领域的入门教材，从${k1[0]}、${k2[0]}讲到${k3[0]}，每章配有中国案例与习题，适合高年级本科生和研究生使用。`,
      `By ${author[1]} (${org[1]}). An introductory textbook on ${tEn} that moves from ${k1[1]} and ${k2[1]} to ${k3[1]}, with Chinese cases and exercises in every chapter, for advanced undergraduates and graduate students.`,
    ],
    [
      `本书由${author[0]}（${org[0]}）撰写，系统介绍${t}的核心理论与经典文献，重点讨论${k1[0]}与${k3[0]}，书后附有数据与代码。`,
      `Written by ${author[1]} (${org[1]}), this book sets out the core theory and classic literature of ${tEn}, with particular attention to ${k1[1]} and ${k3[1]}; data and code come with the book.`,
    ],
    [
      `${author[0]}（${org[0]}）根据多年授课讲义整理成书。全书兼顾理论与实证，以${k2[0]}为主线，帮助读者建立${t}的完整知识框架。`,
      `Based on the lecture notes of ${author[1]} (${org[1]}) from years of teaching, this book balances theory and evidence, follows ${k2[1]} as its thread and gives readers a complete framework for ${tEn}.`,
    ],
  ]);
  if (edition === 1) return body;
  return [`${body[0]}第${edition}版更新了近年的研究进展与案例。`, `${body[1]} The ${ordinal(edition)} edition brings the research and cases up to date.`];
}

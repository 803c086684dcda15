import type { Db } from "./kernel/db.server.ts";

/** Seeded employers and openings (ADR 025): universities, central banks, funds and institutes hiring economists. */

type Pair = readonly [zh: string, en: string];

interface CompanySeed {
  key: string;
  name: Pair;
  kind: "university" | "centralBank" | "fund" | "institute" | "company";
  city: string;
  intro: Pair;
  website: string;
}

interface PostSeed {
  company: string;
  title: Pair;
  type: "faculty" | "postdoc" | "industry" | "ra";
  field: string;
  city?: string;
  description: Pair;
  requirements: Pair;
  apply: Pair;
  salary?: Pair;
  /** Days since it was posted, and days left to apply (negative: closed). */
  postedDaysAgo: number;
  daysLeft: number;
}

const COMPANIES: CompanySeed[] = [
  {
    key: "guanghua",
    name: ["北京大学光华管理学院", "Guanghua School of Management, Peking University"],
    kind: "university",
    city: "beijing",
    intro: [
      "光华管理学院设有金融、会计、应用经济、组织与战略管理、市场营销等系，实行预聘—长聘制度，为青年教师提供启动经费、博士生助研和学术休假。",
      "Guanghua has departments of finance, accounting, applied economics, organisation and strategy, and marketing. It runs a tenure-track system with start-up funds, doctoral research assistants and sabbaticals for junior faculty.",
    ],
    website: "https://www.gsm.pku.edu.cn",
  },
  {
    key: "pbcsf",
    name: ["清华大学五道口金融学院", "Tsinghua University PBC School of Finance"],
    kind: "university",
    city: "beijing",
    intro: [
      "五道口金融学院前身为中国人民银行研究生部，专注金融学研究与教学，与监管机构和金融机构联系紧密。",
      "Founded as the graduate school of the People's Bank of China, the PBC School of Finance focuses on research and teaching in finance and works closely with regulators and financial institutions.",
    ],
    website: "https://www.pbcsf.tsinghua.edu.cn",
  },
  {
    key: "sufe",
    name: ["上海财经大学经济学院", "School of Economics, Shanghai University of Finance and Economics"],
    kind: "university",
    city: "shanghai",
    intro: [
      "上海财经大学经济学院以现代经济学教学与研究见长，设有高等研究院和多个实验室，常年面向海内外招聘。",
      "The School of Economics at SUFE is known for modern economics teaching and research, with an institute for advanced research and several labs; it recruits worldwide every year.",
    ],
    website: "https://economics.sufe.edu.cn",
  },
  {
    key: "cuhk",
    name: ["香港中文大学商学院", "CUHK Business School"],
    kind: "university",
    city: "hongkong",
    intro: [
      "香港中文大学商学院设有会计、金融、管理、市场营销、决策科学等学院，教学语言为英语。",
      "CUHK Business School has schools of accountancy, finance, management, marketing and decision sciences; teaching is in English.",
    ],
    website: "https://www.bschool.cuhk.edu.hk",
  },
  {
    key: "nus",
    name: ["新加坡国立大学商学院", "NUS Business School"],
    kind: "university",
    city: "singapore",
    intro: [
      "新加坡国立大学商学院是亚洲领先的商学院之一，研究覆盖金融、会计、战略与政策、管理与组织等领域。",
      "One of Asia's leading business schools, with research across finance, accounting, strategy and policy, and management and organisation.",
    ],
    website: "https://bschool.nus.edu.sg",
  },
  {
    key: "pbc",
    name: ["中国人民银行金融研究所", "Research Institute, People's Bank of China"],
    kind: "centralBank",
    city: "beijing",
    intro: [
      "金融研究所承担货币政策、金融稳定与国际金融领域的政策研究，并主办学术期刊与博士后工作站。",
      "The institute carries out policy research on monetary policy, financial stability and international finance, and runs an academic journal and a postdoctoral station.",
    ],
    website: "http://www.pbc.gov.cn",
  },
  {
    key: "hkma",
    name: ["香港金融管理局研究部", "Research Department, Hong Kong Monetary Authority"],
    kind: "centralBank",
    city: "hongkong",
    intro: [
      "研究部负责宏观经济与金融市场监测、货币与金融稳定研究，并设有香港货币及金融研究中心。",
      "The department monitors the economy and financial markets, researches monetary and financial stability, and hosts the Hong Kong Institute for Monetary and Financial Research.",
    ],
    website: "https://www.hkma.gov.hk",
  },
  {
    key: "cic",
    name: ["中国投资有限责任公司", "China Investment Corporation"],
    kind: "fund",
    city: "beijing",
    intro: [
      "中投公司是中国的主权财富基金，在全球开展多元化投资，设有专门的资产配置与宏观研究团队。",
      "CIC is China's sovereign wealth fund, investing across asset classes worldwide, with dedicated asset allocation and macro research teams.",
    ],
    website: "http://www.china-inv.cn",
  },
  {
    key: "efund",
    name: ["易方达基金管理有限公司", "E Fund Management"],
    kind: "fund",
    city: "shenzhen",
    intro: [
      "易方达是国内规模领先的公募基金管理人之一，投研团队覆盖宏观、固收、权益与量化。",
      "E Fund is one of China's largest mutual fund managers, with research teams in macro, fixed income, equities and quantitative investing.",
    ],
    website: "https://www.efunds.com.cn",
  },
  {
    key: "antresearch",
    name: ["蚂蚁集团研究院", "Ant Group Research Institute"],
    kind: "institute",
    city: "hangzhou",
    intro: [
      "研究院关注数字经济、平台治理与普惠金融，与高校合作开展基于脱敏数据的实证研究。",
      "The institute studies the digital economy, platform governance and inclusive finance, and works with universities on empirical research with anonymised data.",
    ],
    website: "https://www.antgroup.com",
  },
  {
    key: "whu",
    name: ["武汉大学经济与管理学院", "Economics and Management School, Wuhan University"],
    kind: "university",
    city: "wuhan",
    intro: [
      "学院学科覆盖经济学、金融学、会计学与工商管理，设有博士后流动站，鼓励跨学科研究。",
      "The school covers economics, finance, accounting and business administration, has a postdoctoral programme and encourages interdisciplinary work.",
    ],
    website: "https://ems.whu.edu.cn",
  },
];

const APPLY_BY_EMAIL = (email: string): Pair => [
  `请将简历、求职信、代表作（工作论文）及三封推荐信发送至 ${email}，邮件标题注明“姓名 + 应聘职位”。`,
  `Send a CV, a cover letter, your job market paper and three letters of recommendation to ${email}, with "name + position" as the subject.`,
];

const POSTS: PostSeed[] = [
  {
    company: "guanghua",
    title: ["金融学助理教授（预聘—长聘）", "Assistant Professor of Finance (tenure track)"],
    type: "faculty",
    field: "finance",
    description: [
      "金融系招聘资产定价、公司金融、金融科技方向助理教授，讲授本科及研究生课程，指导硕士和博士生。",
      "The Department of Finance seeks assistant professors in asset pricing, corporate finance and fintech, to teach undergraduate and graduate courses and supervise master's and doctoral students.",
    ],
    requirements: [
      "已获得或将于入职前获得金融学、经济学或相关领域博士学位；具有在国际一流期刊发表论文的潜力；能用中英文授课者优先。",
      "A PhD in finance, economics or a related field by the start date; the potential to publish in leading international journals; the ability to teach in Chinese and English is a plus.",
    ],
    apply: APPLY_BY_EMAIL("facultyrecruit@gsm.pku.edu.cn"),
    salary: ["具有国际竞争力，另有启动经费与住房支持", "Internationally competitive, plus start-up funds and housing support"],
    postedDaysAgo: 3,
    daysLeft: 60,
  },
  {
    company: "guanghua",
    title: ["会计学助理教授", "Assistant Professor of Accounting"],
    type: "faculty",
    field: "accounting",
    description: [
      "会计系招聘财务会计、审计与公司治理方向的青年教师，欢迎使用大样本数据或实验方法的研究者申请。",
      "The Department of Accounting is hiring junior faculty in financial accounting, auditing and corporate governance; researchers using archival data or experiments are welcome.",
    ],
    requirements: [
      "会计学或相关领域博士；具有扎实的实证研究训练；有中国资本市场研究经验者优先。",
      "A PhD in accounting or a related field; solid training in empirical research; experience with China's capital markets is a plus.",
    ],
    apply: APPLY_BY_EMAIL("facultyrecruit@gsm.pku.edu.cn"),
    postedDaysAgo: 10,
    daysLeft: 45,
  },
  {
    company: "pbcsf",
    title: ["金融学博士后研究员", "Postdoctoral Fellow in Finance"],
    type: "postdoc",
    field: "finance",
    description: [
      "在合作导师指导下开展银行、货币政策传导或金融监管方向的研究，聘期两年，可参与学院政策研究项目。",
      "A two-year fellowship researching banking, monetary transmission or financial regulation with a faculty mentor, with the chance to join the school's policy projects.",
    ],
    requirements: [
      "近三年内获得经济学或金融学博士学位；熟练使用 Stata、R 或 Python；有工作论文者优先。",
      "A PhD in economics or finance within the last three years; fluency in Stata, R or Python; a working paper is a plus.",
    ],
    apply: APPLY_BY_EMAIL("postdoc@pbcsf.tsinghua.edu.cn"),
    salary: ["年薪 35 万元起，提供博士后公寓", "From CNY 350,000 a year, with a postdoc apartment"],
    postedDaysAgo: 5,
    daysLeft: 30,
  },
  {
    company: "sufe",
    title: ["经济学助理教授（宏观与国际经济）", "Assistant Professor of Economics (macro and international)"],
    type: "faculty",
    field: "economics",
    description: [
      "经济学院招聘宏观经济学、国际经济学方向助理教授，承担本科和博士课程教学，参与高等研究院学术活动。",
      "The School of Economics seeks assistant professors in macroeconomics and international economics to teach undergraduate and PhD courses and join the institute's seminars.",
    ],
    requirements: [
      "经济学博士（或即将毕业）；研究能力突出；海外求职市场候选人欢迎在 AEA/ASSA 年会期间面谈。",
      "A PhD in economics (or close to completion) and a strong research record; candidates on the international market may meet us at the AEA/ASSA meetings.",
    ],
    apply: APPLY_BY_EMAIL("econjobs@sufe.edu.cn"),
    postedDaysAgo: 1,
    daysLeft: 75,
  },
  {
    company: "sufe",
    title: ["经济学研究助理（实证微观）", "Research Assistant in Applied Microeconomics"],
    type: "ra",
    field: "econometrics",
    description: [
      "协助教授开展劳动经济学与公共经济学项目：清洗行政数据、复现文献、编写分析代码和撰写数据文档。聘期一年，可续聘。",
      "Help professors with labour and public economics projects: cleaning administrative data, replicating papers, writing analysis code and data documentation. One year, renewable.",
    ],
    requirements: [
      "经济学、统计学或相关专业本科及以上；熟练使用 Stata 或 Python；计划申请经济学博士者优先。",
      "A bachelor's degree or higher in economics, statistics or a related field; fluency in Stata or Python; a plan to apply for an economics PhD is a plus.",
    ],
    apply: ["请将简历、成绩单和一份代码样例发送至 econra@sufe.edu.cn。", "Send a CV, transcripts and a code sample to econra@sufe.edu.cn."],
    salary: ["每月 8,000–10,000 元", "CNY 8,000–10,000 a month"],
    postedDaysAgo: 2,
    daysLeft: 20,
  },
  {
    company: "cuhk",
    title: ["金融学助理教授", "Assistant Professor, School of Banking and Finance"],
    type: "faculty",
    field: "finance",
    description: [
      "招聘各研究方向的金融学助理教授，特别欢迎行为金融、家庭金融和中国金融市场方向的申请者。",
      "Open to all areas of finance; we particularly welcome applicants in behavioural finance, household finance and Chinese financial markets.",
    ],
    requirements: [
      "已获得或即将获得金融学或经济学博士学位；具有优秀的研究与教学潜力。",
      "A PhD in finance or economics (completed or expected) and excellent research and teaching potential.",
    ],
    apply: [
      "请通过香港中文大学招聘系统在线提交申请材料，并请推荐人直接上传推荐信。",
      "Apply online through the CUHK recruitment system and ask referees to upload their letters directly.",
    ],
    postedDaysAgo: 14,
    daysLeft: 40,
  },
  {
    company: "cuhk",
    title: ["管理学博士后（组织行为）", "Postdoctoral Fellow in Organisational Behaviour"],
    type: "postdoc",
    field: "management",
    description: [
      "参与关于远程办公、团队协作与员工幸福感的研究项目，设计并实施现场实验，合作撰写论文。",
      "Join projects on remote work, team collaboration and employee well-being: design and run field experiments and co-author papers.",
    ],
    requirements: [
      "管理学、心理学或经济学博士；具有实验或调查研究经验；英文写作能力强。",
      "A PhD in management, psychology or economics; experience with experiments or surveys; strong writing in English.",
    ],
    apply: APPLY_BY_EMAIL("mgmt-postdoc@cuhk.edu.hk"),
    postedDaysAgo: 20,
    daysLeft: -2,
  },
  {
    company: "nus",
    title: ["战略与政策系助理教授", "Assistant Professor, Department of Strategy and Policy"],
    type: "faculty",
    field: "management",
    description: [
      "招聘创新、创业与企业战略方向的助理教授，承担 MBA 及本科课程。",
      "Hiring assistant professors in innovation, entrepreneurship and corporate strategy to teach MBA and undergraduate courses.",
    ],
    requirements: [
      "战略管理、经济学或相关领域博士；有顶级期刊发表或在审论文者优先。",
      "A PhD in strategic management, economics or a related field; publications or papers under review in top journals are a plus.",
    ],
    apply: APPLY_BY_EMAIL("bizrecruit@nus.edu.sg"),
    postedDaysAgo: 8,
    daysLeft: 50,
  },
  {
    company: "pbc",
    title: ["货币政策研究博士后", "Postdoctoral Researcher in Monetary Policy"],
    type: "postdoc",
    field: "economics",
    description: [
      "在博士后工作站从事货币政策框架、利率传导与宏观审慎政策研究，参与内部政策报告写作。",
      "Research monetary policy frameworks, interest-rate transmission and macroprudential policy at the postdoctoral station, and contribute to internal policy reports.",
    ],
    requirements: [
      "经济学或金融学博士，年龄 35 周岁以下；具有 DSGE 或宏观计量建模经验者优先；中国国籍。",
      "A PhD in economics or finance, aged 35 or under; experience with DSGE or macro-econometric models is a plus; Chinese nationality.",
    ],
    apply: [
      "请登录中国人民银行人事招聘系统提交申请，并上传代表性研究成果。",
      "Apply through the People's Bank of China recruitment system and upload your main research.",
    ],
    postedDaysAgo: 6,
    daysLeft: 25,
  },
  {
    company: "hkma",
    title: ["经济研究员（宏观金融）", "Economist (macro-finance)"],
    type: "industry",
    field: "economics",
    description: [
      "监测香港及内地经济与金融市场，撰写政策简报，开展银行体系压力测试与跨境资本流动研究。",
      "Monitor the Hong Kong and mainland economies and markets, write policy briefs, and work on banking stress tests and cross-border capital flows.",
    ],
    requirements: [
      "经济学或金融学博士或硕士；熟悉宏观金融数据；中英文写作流利。",
      "A PhD or master's in economics or finance; familiarity with macro-financial data; fluent writing in Chinese and English.",
    ],
    apply: ["请通过香港金融管理局网站的职位空缺页面在线申请。", "Apply online through the vacancies page of the HKMA website."],
    salary: ["按公务员相应职级", "On the corresponding civil service scale"],
    postedDaysAgo: 4,
    daysLeft: 28,
  },
  {
    company: "cic",
    title: ["宏观策略研究员", "Macro Strategy Researcher"],
    type: "industry",
    field: "finance",
    description: [
      "研究全球宏观经济与大类资产配置，构建资产收益预测模型，为投资委员会提供策略建议。",
      "Research the global economy and strategic asset allocation, build return forecasting models and advise the investment committee.",
    ],
    requirements: [
      "经济学、金融学博士或金融工程硕士；三年以上相关经验；CFA 持证者优先。",
      "A PhD in economics or finance or a master's in financial engineering; three years of related experience; CFA charterholders preferred.",
    ],
    apply: APPLY_BY_EMAIL("careers@china-inv.cn"),
    postedDaysAgo: 12,
    daysLeft: 35,
  },
  {
    company: "efund",
    title: ["量化研究员（资产定价）", "Quantitative Researcher (asset pricing)"],
    type: "industry",
    field: "econometrics",
    description: [
      "基于因子模型与机器学习方法研究 A 股收益的可预测性，开发并维护量化选股策略。",
      "Study the predictability of A-share returns with factor models and machine learning, and develop and maintain quantitative stock-selection strategies.",
    ],
    requirements: [
      "金融、统计、计算机或相关专业硕士及以上；熟练使用 Python 与 SQL；有实证资产定价研究经历。",
      "A master's or higher in finance, statistics, computer science or a related field; fluency in Python and SQL; empirical asset pricing research experience.",
    ],
    apply: APPLY_BY_EMAIL("quant-hr@efunds.com.cn"),
    salary: ["面议", "Negotiable"],
    postedDaysAgo: 9,
    daysLeft: 30,
  },
  {
    company: "antresearch",
    title: ["数字经济研究员", "Researcher, Digital Economy"],
    type: "industry",
    field: "economics",
    description: [
      "围绕平台经济、数字普惠金融和小微企业经营开展实证研究，与高校学者合作发表论文。",
      "Carry out empirical research on platform economics, digital inclusive finance and small businesses, publishing with university scholars.",
    ],
    requirements: [
      "经济学、管理学博士；熟练掌握因果推断方法；对数字经济有浓厚兴趣。",
      "A PhD in economics or management; command of causal inference methods; a keen interest in the digital economy.",
    ],
    apply: APPLY_BY_EMAIL("research-hr@antgroup.com"),
    postedDaysAgo: 15,
    daysLeft: 15,
  },
  {
    company: "antresearch",
    title: ["研究助理（平台治理项目）", "Research Assistant, Platform Governance Project"],
    type: "ra",
    field: "management",
    city: "shanghai",
    description: [
      "协助研究员整理政策文本、开展商家访谈与问卷调查，参与研究报告撰写。地点为上海办公室。",
      "Help researchers compile policy documents, run merchant interviews and surveys, and draft research reports. Based in the Shanghai office.",
    ],
    requirements: [
      "经济学、管理学或公共政策硕士在读或已毕业；每周可工作四天以上。",
      "A master's student or graduate in economics, management or public policy; available at least four days a week.",
    ],
    apply: ["请将简历发送至 research-hr@antgroup.com，注明“研究助理”。", 'Send a CV to research-hr@antgroup.com marked "Research assistant".'],
    salary: ["每天 300 元", "CNY 300 a day"],
    postedDaysAgo: 7,
    daysLeft: 21,
  },
  {
    company: "whu",
    title: ["理论经济学博士后", "Postdoctoral Fellow in Economic Theory"],
    type: "postdoc",
    field: "economics",
    description: [
      "在理论经济学博士后流动站从事发展经济学或产业组织研究，聘期两年，可申请国家资助博士后研究人员计划。",
      "Research development economics or industrial organisation at the economics postdoctoral programme for two years, with support to apply for national postdoctoral funding.",
    ],
    requirements: [
      "近三年获得经济学博士学位；在国内外期刊发表过论文者优先。",
      "A PhD in economics within the last three years; published papers in Chinese or international journals are a plus.",
    ],
    apply: APPLY_BY_EMAIL("emspostdoc@whu.edu.cn"),
    salary: ["年薪 30 万元起", "From CNY 300,000 a year"],
    postedDaysAgo: 11,
    daysLeft: 33,
  },
];

/** Fills the employers and openings once; a database that has them keeps its own. */
export function seedJobs(db: Db, now: Date): void {
  if (db.prepare("SELECT 1 FROM job_companies LIMIT 1").get()) return;
  const day = 86_400_000;
  const addCompany = db.prepare("INSERT INTO job_companies (name, name_en, kind, city, intro, intro_en, website) VALUES (?, ?, ?, ?, ?, ?, ?)");
  const addPost = db.prepare(`INSERT INTO job_posts (company_id, title, title_en, job_type, field, city, description, description_en,
    requirements, requirements_en, apply, apply_en, salary, salary_en, deadline, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    const companies = new Map<string, { id: number; city: string }>();
    for (const company of COMPANIES) {
      const id = Number(
        addCompany.run(company.name[0], company.name[1], company.kind, company.city, company.intro[0], company.intro[1], company.website).lastInsertRowid,
      );
      companies.set(company.key, { id, city: company.city });
    }
    for (const post of POSTS) {
      const company = companies.get(post.company)!;
      const salary = post.salary ?? ["面议", "Negotiable"];
      addPost.run(
        company.id,
        post.title[0],
        post.title[1],
        post.type,
        post.field,
        post.city ?? company.city,
        post.description[0],
        post.description[1],
        post.requirements[0],
        post.requirements[1],
        post.apply[0],
        post.apply[1],
        salary[0],
        salary[1],
        new Date(now.getTime() + post.daysLeft * day).toISOString().slice(0, 10),
        new Date(now.getTime() - post.postedDaysAgo * day).toISOString(),
      );
    }
  })();
}

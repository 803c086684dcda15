/**
 * The audio books' words: what each chapter says, sentence by sentence, in the language it is read in. The spoken files
 * and their sentence timings are made from these by `npm run make:audio` (espeak-ng, then lame) and committed, so a
 * fresh machine needs neither tool; the seed reads the timings to give each transcript line its start and end.
 */

export interface AudioBookText {
  /** The file name stem of its chapters: `<slug>-<n>.mp3`. */
  slug: string;
  /** The language the chapters are read in (the transcript's language). */
  voice: "cmn" | "en-gb";
  title: [string, string];
  author: [string, string];
  narrator: [string, string];
  summary: [string, string];
  category: string;
  /** Chapters 1..freeChapters are open to everyone; the rest are unlocked per book. */
  freeChapters: number;
  unlockPoints: number;
  chapters: { title: [string, string]; sentences: string[] }[];
}

export const AUDIO_CATEGORIES: { key: string; name: [string, string]; intro: [string, string] }[] = [
  {
    key: "money",
    name: ["货币与金融", "Money and finance"],
    intro: [
      "从货币的起源到中央银行的诞生，用耳朵读懂金融体系的来龙去脉。",
      "From the first coins to central banks: the financial system, explained for the ear.",
    ],
  },
  {
    key: "behaviour",
    name: ["行为经济学", "Behavioural economics"],
    intro: ["人并不总是理性的。听行为经济学家讲决策中的偏差与助推。", "People are not always rational. Behavioural economists on biases and nudges."],
  },
  {
    key: "management",
    name: ["管理与组织", "Management and organisations"],
    intro: ["企业为什么存在，组织如何做决定：管理学经典的有声导读。", "Why firms exist and how organisations decide: classics of management, read aloud."],
  },
];

export const AUDIO_BOOKS: AudioBookText[] = [
  {
    slug: "money-logic",
    voice: "cmn",
    title: ["货币的逻辑", "The Logic of Money"],
    author: ["陈立华", "Chen Lihua"],
    narrator: ["经管学术圈 AI 主播", "EconScholar AI narrator"],
    summary: [
      "三讲说清货币是什么、银行如何创造货币、央行为何能影响利率。",
      "Three talks on what money is, how banks create it and why central banks can move interest rates.",
    ],
    category: "money",
    freeChapters: 1,
    unlockPoints: 100,
    chapters: [
      {
        title: ["第一讲 货币是什么", "Talk 1: What money is"],
        sentences: [
          "欢迎收听货币的逻辑。",
          "货币有三种职能：交易媒介、价值尺度和价值储藏。",
          "贝壳、金银和纸币都曾经充当过货币。",
          "它们的共同点，是人们相信别人也会接受它。",
          "所以货币的本质，是一种被广泛接受的信用。",
        ],
      },
      {
        title: ["第二讲 银行如何创造货币", "Talk 2: How banks create money"],
        sentences: [
          "今天我们讲银行如何创造货币。",
          "当银行发放一笔贷款，借款人的存款账户就多了一笔钱。",
          "这笔新存款就是新创造的货币。",
          "银行能贷出多少，受资本要求和借款需求的约束。",
          "存款准备金并不是贷款的上限，而是流动性管理的工具。",
        ],
      },
      {
        title: ["第三讲 央行与利率", "Talk 3: Central banks and interest rates"],
        sentences: [
          "最后一讲，我们来看中央银行。",
          "央行通过公开市场操作，调节银行体系的准备金。",
          "准备金的松紧，决定了银行间市场的短期利率。",
          "短期利率再通过贷款和债券市场，传导到整个经济。",
          "这就是货币政策的传导机制。感谢收听。",
        ],
      },
    ],
  },
  {
    slug: "behavioural-ten",
    voice: "cmn",
    title: ["行为金融学三讲", "Behavioural Finance in Three Talks"],
    author: ["王思远", "Wang Siyuan"],
    narrator: ["经管学术圈 AI 主播", "EconScholar AI narrator"],
    summary: [
      "损失厌恶、过度自信与羊群效应：投资者为何会犯同样的错。",
      "Loss aversion, overconfidence and herding: why investors keep making the same mistakes.",
    ],
    category: "behaviour",
    freeChapters: 1,
    unlockPoints: 80,
    chapters: [
      {
        title: ["第一讲 损失厌恶", "Talk 1: Loss aversion"],
        sentences: [
          "损失一百元的痛苦，大约是得到一百元快乐的两倍。",
          "这就是卡尼曼和特沃斯基发现的损失厌恶。",
          "投资者因此常常过早卖出盈利的股票。",
          "却迟迟不愿卖出亏损的股票，这叫处置效应。",
        ],
      },
      {
        title: ["第二讲 过度自信", "Talk 2: Overconfidence"],
        sentences: [
          "大多数司机都认为自己的驾驶水平高于平均。",
          "投资者也一样，往往高估自己信息的准确性。",
          "过度自信导致过度交易，而交易成本会侵蚀收益。",
          "研究发现，交易最频繁的账户，收益反而最低。",
        ],
      },
      {
        title: ["第三讲 羊群效应", "Talk 3: Herding"],
        sentences: [
          "当大家都在买入时，独自卖出需要勇气。",
          "羊群效应让价格偏离基本面，形成泡沫。",
          "泡沫破裂时，同样的力量又会加剧下跌。",
          "理解这些偏差，是做出更好决策的第一步。",
        ],
      },
    ],
  },
  {
    slug: "central-banking",
    voice: "en-gb",
    title: ["中央银行简史", "A Short History of Central Banking"],
    author: ["Eleanor Hart", "Eleanor Hart"],
    narrator: ["EconScholar AI 主播（英文）", "EconScholar AI narrator (English)"],
    summary: [
      "从英格兰银行到现代通胀目标制：三百年的中央银行史（英文朗读）。",
      "From the Bank of England to inflation targeting: three centuries of central banking, read in English.",
    ],
    category: "money",
    freeChapters: 1,
    unlockPoints: 120,
    chapters: [
      {
        title: ["第一章 英格兰银行", "Chapter 1: The Bank of England"],
        sentences: [
          "The Bank of England was founded in sixteen ninety four to lend to the government.",
          "Over the next century it became the bankers' bank.",
          "In a panic, other banks turned to it for cash.",
          "Walter Bagehot later wrote the rule: lend freely, against good collateral, at a high rate.",
        ],
      },
      {
        title: ["第二章 金本位", "Chapter 2: The gold standard"],
        sentences: [
          "Under the gold standard, notes could be exchanged for a fixed weight of gold.",
          "This tied the hands of central banks.",
          "In the Great Depression, countries that left gold early recovered sooner.",
          "The lesson shaped monetary policy for the rest of the century.",
        ],
      },
      {
        title: ["第三章 通胀目标", "Chapter 3: Inflation targeting"],
        sentences: [
          "New Zealand adopted the first inflation target in nineteen ninety.",
          "The central bank promised to keep inflation near a published number.",
          "Independence and clear communication made the promise credible.",
          "Today most central banks follow some form of this framework.",
        ],
      },
    ],
  },
];

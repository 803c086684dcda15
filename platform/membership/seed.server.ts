import type { Db } from "../kernel/db.server.ts";
import { hasInterests, insertCard, insertInterest } from "./queries.server.ts";

const INTERESTS: [string, string, string, string, string][] = [
  ["免费观看全部会员视频", "All member videos", "会员专区视频、学术会议回放不限次观看", "Unlimited member videos and conference replays", "play"],
  ["论文全文下载", "Full-text papers", "收录论文全文在线阅读与下载", "Read and download the full text of every listed paper", "doc"],
  ["精品课程折扣", "Course discounts", "精品课程会员专享价", "Member prices on boutique courses", "course"],
  ["直播优先席位", "Priority live seats", "热门直播提前入场、优先选座", "Early entry and first choice of seats at popular live events", "live"],
  ["积分加倍", "Double points", "每日签到积分翻倍", "Daily sign-in points are doubled", "points"],
  ["专属客服", "Dedicated support", "工作日 2 小时内响应", "A reply within 2 working hours", "service"],
  ["会员身份标识", "Member badge", "评论与主页展示会员标识", "A member badge on comments and your profile", "badge"],
  ["会员实物礼包", "Member gift pack", "绑定收货地址，每年寄送学术周边礼包", "Bind a delivery address and get a yearly gift pack by post", "gift"],
];
const CARDS: { kind: "membership" | "gift"; days: number; priceFen: number; title: [string, string]; summary: [string, string] }[] = [
  { kind: "membership", days: 30, priceFen: 3_000, title: ["月度会员", "Monthly membership"], summary: ["30 天会员权益", "30 days of member benefits"] },
  { kind: "membership", days: 90, priceFen: 7_800, title: ["季度会员", "Quarterly membership"], summary: ["90 天会员权益", "90 days of member benefits"] },
  { kind: "membership", days: 365, priceFen: 25_800, title: ["年度会员", "Yearly membership"], summary: ["365 天会员权益", "365 days of member benefits"] },
  {
    kind: "gift",
    days: 30,
    priceFen: 3_000,
    title: ["月度会员赠送卡", "Monthly gift card"],
    summary: ["送好友 30 天会员", "30 days of membership for a friend"],
  },
  {
    kind: "gift",
    days: 365,
    priceFen: 25_800,
    title: ["年度会员赠送卡", "Yearly gift card"],
    summary: ["送好友 365 天会员", "365 days of membership for a friend"],
  },
];

/** The membership's interests and cards, once. */
export function seedMembership(db: Db, now: Date): void {
  if (hasInterests(db)) return;
  db.transaction(() => {
    INTERESTS.forEach((interest, index) => insertInterest(db, index + 1, interest, index + 1));
    for (const card of CARDS) insertCard(db, card, now.toISOString());
  })();
}

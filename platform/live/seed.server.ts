import type { Db } from "../kernel/db.server.ts";
import { LIVE, LOCAL_CLIP } from "./rules.server.ts";

type Pair = readonly [zh: string, en: string];

/** Live series by topic: the seeded plans carry their topic's English name in extra.topic. */
const SPECIALS: { topic: Pair; title: Pair }[] = [
  { topic: ["货币政策", "Monetary Policy"], title: ["货币政策前沿系列直播", "Frontiers of Monetary Policy: Live Series"] },
  { topic: ["数字金融", "Digital Finance"], title: ["数字金融青年学者系列", "Digital Finance: Young Scholars Series"] },
  { topic: ["公司治理", "Corporate Governance"], title: ["公司治理名家讲坛", "Corporate Governance Distinguished Lectures"] },
  { topic: ["行为金融", "Behavioral Finance"], title: ["行为金融研讨系列", "Behavioral Finance Seminar Series"] },
  { topic: ["产业组织", "Industrial Organization"], title: ["产业组织理论与实证系列", "Industrial Organization: Theory and Evidence"] },
  { topic: ["劳动经济学", "Labor Economics"], title: ["劳动经济学工作坊", "Labor Economics Workshop Series"] },
  { topic: ["国际贸易", "International Trade"], title: ["国际贸易前沿对话", "Dialogues on International Trade"] },
  { topic: ["资产定价", "Asset Pricing"], title: ["资产定价方法系列课", "Asset Pricing Methods Series"] },
  { topic: ["ESG投资", "ESG Investing"], title: ["ESG投资与可持续金融系列", "ESG Investing and Sustainable Finance Series"] },
  { topic: ["供应链管理", "Supply Chain Management"], title: ["供应链管理案例系列", "Supply Chain Management Case Series"] },
  { topic: ["创新与创业", "Innovation and Entrepreneurship"], title: ["创新与创业研究系列", "Innovation and Entrepreneurship Research Series"] },
  { topic: ["发展经济学", "Development Economics"], title: ["发展经济学田野研究系列", "Development Economics Field Research Series"] },
];

interface SeedPlan {
  id: number;
  status: number;
  starts_at: string;
  ends_at: string;
  author_name: string;
  author_name_en: string;
  org_name: string;
  org_name_en: string;
  extra: string;
}

/**
 * Guests, specials and media for the seeded live plans. It runs after the content seed, and also fills a database
 * seeded before this data existed; a database that already holds guests is left as it is.
 */
export function seedLive(db: Db, now: Date): void {
  if (db.prepare("SELECT 1 FROM guests LIMIT 1").get()) return;
  const plans = db
    .prepare("SELECT id, status, starts_at, ends_at, author_name, author_name_en, org_name, org_name_en, extra FROM items WHERE kind = 'live' ORDER BY id")
    .all() as SeedPlan[];
  if (!plans.length) return;
  const scholars = db.prepare("SELECT author_code, name, name_en, org_name, org_name_en FROM scholars ORDER BY id").all() as {
    author_code: string;
    name: string;
    name_en: string;
    org_name: string;
    org_name_en: string;
  }[];

  const insertGuest = db.prepare("INSERT INTO guests (author_name, author_name_en, org_name, org_name_en, author_code) VALUES (?, ?, ?, ?, ?)");
  const insertPlanGuest = db.prepare("INSERT OR IGNORE INTO plan_guests (plan_id, guest_id, role, sort) VALUES (?, ?, ?, ?)");
  const insertMedia = db.prepare("INSERT INTO live_media (plan_id, stream_url, recording_url) VALUES (?, ?, ?)");
  const insertSpecial = db.prepare(`INSERT INTO items (kind, title, title_en, summary, summary_en, cover, status, starts_at, ends_at,
    author_name, author_name_en, org_name, org_name_en, view_count, sort, link, extra, created_at)
    VALUES ('liveSpecial', ?, ?, ?, ?, '', ?, ?, ?, '', '', ?, ?, ?, ?, '/liveList?specialId={id}', '{}', ?)`);
  const setCover = db.prepare("UPDATE items SET cover = ? WHERE id = ?");
  const insertSpecialPlan = db.prepare("INSERT INTO special_plans (special_id, plan_id, sort) VALUES (?, ?, ?)");
  const insertSpecialGuest = db.prepare("INSERT OR IGNORE INTO special_guests (special_id, guest_id, sort) VALUES (?, ?, ?)");

  db.transaction(() => {
    const scholarGuest = new Map<string, number>();
    const guestOf = (index: number) => {
      const scholar = scholars[index % scholars.length];
      let id = scholarGuest.get(scholar.author_code);
      if (!id) {
        id = Number(insertGuest.run(scholar.name, scholar.name_en, scholar.org_name, scholar.org_name_en, scholar.author_code).lastInsertRowid);
        scholarGuest.set(scholar.author_code, id);
      }
      return id;
    };
    const speakers = new Map<number, number>();

    plans.forEach((plan, index) => {
      // The plan's speaker is its first guest; seeded plans have one to four guests in all (extra.guests).
      const speakerCode = (JSON.parse(plan.extra) as { speakerCode?: string }).speakerCode ?? null;
      const speaker = Number(insertGuest.run(plan.author_name, plan.author_name_en, plan.org_name, plan.org_name_en, speakerCode).lastInsertRowid);
      speakers.set(plan.id, speaker);
      insertPlanGuest.run(plan.id, speaker, "speaker", 0);
      const count = Math.max(1, Math.min(4, Number((JSON.parse(plan.extra) as { guests?: number }).guests ?? 1)));
      if (scholars.length) {
        for (let slot = 1; slot < count; slot++) {
          // Never the speaker again, when the speaker is one of the scholars.
          const at = index * 7 + slot * 13;
          insertPlanGuest.run(plan.id, guestOf(scholars[at % scholars.length].author_code === speakerCode ? at + 1 : at), slot === 3 ? "host" : "guest", slot);
        }
      }
      if (plan.status === LIVE.living) insertMedia.run(plan.id, LOCAL_CLIP, null);
      if (plan.status === LIVE.replay) insertMedia.run(plan.id, null, LOCAL_CLIP);
    });

    for (const [order, special] of SPECIALS.entries()) {
      const members = plans.filter((plan) => (JSON.parse(plan.extra) as { topic?: string }).topic === special.topic[1]);
      if (!members.length) continue;
      const statuses = new Set(members.map((plan) => plan.status));
      const status = statuses.has(LIVE.living) ? LIVE.living : statuses.has(LIVE.upcoming) || statuses.has(LIVE.notStarted) ? LIVE.upcoming : LIVE.replay;
      const starts = members.map((plan) => plan.starts_at).sort();
      const ends = members.map((plan) => plan.ends_at).sort();
      const first = members[0];
      const id = Number(
        insertSpecial.run(
          special.title[0],
          special.title[1],
          `本系列汇集${members.length}场直播，邀请${first.org_name}等机构的学者分享${special.topic[0]}领域的最新研究。`,
          `${members.length} live sessions in which scholars from ${first.org_name_en} and other institutions present new research on ${special.topic[1]}.`,
          status,
          starts[0],
          ends.at(-1),
          first.org_name,
          first.org_name_en,
          members.length * 3_000 + order * 1_111,
          status === LIVE.living ? 100 : status === LIVE.upcoming ? 50 : 0,
          now.toISOString(),
        ).lastInsertRowid,
      );
      setCover.run(`/media/poster/${id}.svg`, id);
      members.forEach((plan, sort) => insertSpecialPlan.run(id, plan.id, sort));
      members.slice(0, 6).forEach((plan, sort) => insertSpecialGuest.run(id, speakers.get(plan.id), sort));
    }
  })();
}

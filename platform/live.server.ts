import type { Db } from "./kernel/db.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "./kernel/router.server.ts";
import { paging, toItem } from "./content.server.ts";
import { say } from "./kernel/language.server.ts";

/** Live states of ADR 007: 0 not started, 1 upcoming, 2 living, 3 over, 4 replay. */
export const LIVE = { notStarted: 0, upcoming: 1, living: 2, over: 3, replay: 4 } as const;

/** The one local clip the embedded platform streams and replays (a real platform returns its CDN's URLs). */
export const LOCAL_CLIP = "/media/clip.mp4";

type ItemRow = Parameters<typeof toItem>[0];

interface GuestRow {
  id: number;
  author_name: string;
  author_name_en: string;
  org_name: string;
  org_name_en: string;
  author_code: string | null;
  portrait: string;
  role?: string;
}

/** A guest as lists show it (spec §3): authorName, orgName and their En siblings. */
function toGuest(row: GuestRow) {
  return {
    id: row.id,
    authorName: row.author_name,
    authorNameEn: row.author_name_en,
    orgName: row.org_name,
    orgNameEn: row.org_name_en,
    authorCode: row.author_code,
    portraitUrl: row.portrait,
    role: row.role ?? "guest",
    link: row.author_code ? `/person?authorCode=${row.author_code}` : "",
  };
}

function positiveId(value: unknown): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function statusList(value: unknown): number[] {
  if (value === undefined || value === null || value === "") return [];
  return String(value)
    .split(",")
    .map(Number)
    .filter((entry) => Number.isInteger(entry) && entry >= 0 && entry <= 4);
}

export function livePlanExists(db: Db, id: number): boolean {
  return Boolean(db.prepare("SELECT 1 FROM items WHERE id = ? AND kind = 'live'").get(id));
}

export function liveRoutes(db: Db): RouteDefinition[] {
  const planGuests = db.prepare("SELECT g.*, pg.role FROM plan_guests pg JOIN guests g ON g.id = pg.guest_id WHERE pg.plan_id = ? ORDER BY pg.sort, g.id");
  const specialGuests = db.prepare(
    "SELECT g.*, 'guest' AS role FROM special_guests sg JOIN guests g ON g.id = sg.guest_id WHERE sg.special_id = ? ORDER BY sg.sort, g.id",
  );
  const planCount = db.prepare("SELECT COUNT(*) FROM special_plans WHERE special_id = ?").pluck();

  /** A special with what its card shows: its guests' names in both languages and how many lives it groups. */
  const toSpecial = (row: ItemRow) => {
    const guests = (specialGuests.all(row.id) as GuestRow[]).map(toGuest);
    return {
      ...toItem(row),
      planCount: planCount.get(row.id) as number,
      guestNames: guests.map((guest) => guest.authorName).join("、"),
      guestNamesEn: guests.map((guest) => guest.authorNameEn).join(", "),
      guests,
    };
  };

  /**
   * Plans, optionally of one special and in some states. Live and coming plans first, the soonest first;
   * finished ones after them, the most recent first.
   */
  const planList = (context: ApiContext) => {
    const { pageNum, pageSize } = paging(context.params);
    const where = ["kind = 'live'"];
    const args: unknown[] = [];
    const statuses = statusList(context.params.status);
    if (statuses.length) {
      where.push(`status IN (${statuses.map(() => "?").join(",")})`);
      args.push(...statuses);
    }
    if (context.params.specialId !== undefined && context.params.specialId !== "") {
      const specialId = positiveId(context.params.specialId);
      if (!specialId) return fail(400, say(context, "specialId 必须是正整数", "specialId must be a positive integer"));
      where.push("id IN (SELECT plan_id FROM special_plans WHERE special_id = ?)");
      args.push(specialId);
    }
    const clause = where.join(" AND ");
    const total = db
      .prepare(`SELECT COUNT(*) FROM items WHERE ${clause}`)
      .pluck()
      .get(...args) as number;
    const rows = db
      .prepare(
        `SELECT * FROM items WHERE ${clause}
         ORDER BY CASE status WHEN 2 THEN 0 WHEN 1 THEN 1 WHEN 0 THEN 2 ELSE 3 END,
                  CASE WHEN status IN (0, 1, 2) THEN starts_at END ASC, starts_at DESC, id DESC
         LIMIT ? OFFSET ?`,
      )
      .all(...args, pageSize, (pageNum - 1) * pageSize) as ItemRow[];
    return ok({ list: rows.map(toItem), total, pageNum, pageSize });
  };

  return [
    { method: "ANY", path: "/live/planList", handler: planList },
    {
      method: "ANY",
      path: "/live/playInfo",
      handler: (context) => {
        const id = positiveId(context.params.id);
        if (!id) return fail(400, say(context, "id 必须是正整数", "id must be a positive integer"));
        const row = db
          .prepare(
            "SELECT i.id, i.status, i.starts_at, i.ends_at, i.cover, m.stream_url, m.recording_url FROM items i LEFT JOIN live_media m ON m.plan_id = i.id WHERE i.id = ? AND i.kind = 'live'",
          )
          .get(id) as
          | {
              id: number;
              status: number;
              starts_at: string | null;
              ends_at: string | null;
              cover: string;
              stream_url: string | null;
              recording_url: string | null;
            }
          | undefined;
        if (!row) return fail(404, say(context, "直播不存在", "No such live"));
        const playUrl = row.status === LIVE.living ? row.stream_url : row.status === LIVE.replay ? row.recording_url : null;
        return ok({
          id: row.id,
          status: row.status,
          startTime: row.starts_at,
          endTime: row.ends_at,
          cover: row.cover,
          playUrl: playUrl ?? null,
          isPlayback: row.status === LIVE.replay,
          serverTime: context.now().toISOString(),
        });
      },
    },
    {
      method: "ANY",
      path: "/guest/list",
      handler: (context) => {
        const planId = positiveId(context.params.planId);
        const specialId = positiveId(context.params.specialId);
        if (!planId && !specialId) return fail(400, say(context, "缺少 planId 或 specialId", "planId or specialId is required"));
        const rows = (planId ? planGuests.all(planId) : specialGuests.all(specialId)) as GuestRow[];
        return ok({ list: rows.map(toGuest), total: rows.length });
      },
    },
    {
      method: "ANY",
      path: "/special/liveSpecialList",
      handler: (context) => {
        const { pageNum, pageSize } = paging(context.params);
        const total = db.prepare("SELECT COUNT(*) FROM items WHERE kind = 'liveSpecial'").pluck().get() as number;
        const rows = db
          .prepare("SELECT * FROM items WHERE kind = 'liveSpecial' ORDER BY sort DESC, starts_at DESC, id DESC LIMIT ? OFFSET ?")
          .all(pageSize, (pageNum - 1) * pageSize) as ItemRow[];
        return ok({ list: rows.map(toSpecial), total, pageNum, pageSize });
      },
    },
    {
      method: "ANY",
      path: "/special/liveSpecialDetail",
      handler: (context) => {
        const id = positiveId(context.params.id);
        if (!id) return fail(400, say(context, "id 必须是正整数", "id must be a positive integer"));
        const row = db.prepare("SELECT * FROM items WHERE id = ? AND kind = 'liveSpecial'").get(id) as ItemRow | undefined;
        return row ? ok(toSpecial(row)) : fail(404, say(context, "专题不存在", "No such special"));
      },
    },
  ];
}

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

import type { Db } from "../kernel/db.server.ts";

export type Kind = "book" | "video";

export interface CampaignRow {
  id: number;
  kind: Kind;
  title: string;
  title_en: string;
  rules: string;
  rules_en: string;
  tickets_per_day: number;
  starts_at: string;
  ends_at: string;
  contest: 0 | 1;
}

export interface EntryRow {
  id: number;
  campaign_id: number;
  item_id: number;
  entrant: string;
  entrant_en: string;
  statement: string;
  statement_en: string;
  title: string;
  title_en: string;
  summary: string;
  summary_en: string;
  cover: string;
  author_name: string;
  author_name_en: string;
  votes: number;
}

export interface StageRow {
  position: number;
  title: string;
  title_en: string;
  description: string;
  description_en: string;
  starts_at: string;
  ends_at: string;
}

export interface WinnerRow {
  entry_id: number;
  rank: number;
  award: string;
  award_en: string;
}

const ENTRY_COLUMNS = `e.id, e.campaign_id, e.item_id, e.entrant, e.entrant_en, e.statement, e.statement_en,
  i.title, i.title_en, i.summary, i.summary_en, i.cover, i.author_name, i.author_name_en,
  (SELECT COUNT(*) FROM votes v WHERE v.entry_id = e.id) AS votes
  FROM vote_entries e JOIN items i ON i.id = e.item_id`;

// Running campaigns first, then those starting next (soonest first), then ended ones (latest first).
const CURRENT_FIRST = `CASE WHEN starts_at <= @now AND ends_at > @now THEN 0 WHEN starts_at > @now THEN 1 ELSE 2 END,
  CASE WHEN starts_at > @now THEN starts_at END ASC, ends_at DESC, id DESC`;

// Campaigns

export const campaignById = (db: Db, id: number) => db.prepare("SELECT * FROM vote_campaigns WHERE id = ?").get(id) as CampaignRow | undefined;

/** The current campaign of a kind that is not a contest. */
export const currentOfKind = (db: Db, kind: Kind, now: string) =>
  db.prepare(`SELECT * FROM vote_campaigns WHERE kind = @kind AND contest = 0 ORDER BY ${CURRENT_FIRST} LIMIT 1`).get({ kind, now }) as CampaignRow | undefined;

export const currentContest = (db: Db, now: string) =>
  db.prepare(`SELECT * FROM vote_campaigns WHERE contest = 1 ORDER BY ${CURRENT_FIRST} LIMIT 1`).get({ now }) as CampaignRow | undefined;

/** The contest edition that ended before another began. */
export const previousContest = (db: Db, before: string, exceptId: number) =>
  db.prepare("SELECT * FROM vote_campaigns WHERE contest = 1 AND ends_at <= ? AND id <> ? ORDER BY ends_at DESC LIMIT 1").get(before, exceptId) as
    | CampaignRow
    | undefined;

export const campaignsOfKind = (db: Db, kind: Kind, now: string, limit: number, offset: number) =>
  db
    .prepare(`SELECT * FROM vote_campaigns WHERE kind = @kind ORDER BY ${CURRENT_FIRST} LIMIT @limit OFFSET @offset`)
    .all({ kind, now, limit, offset }) as CampaignRow[];

export const campaignCountOfKind = (db: Db, kind: Kind) => db.prepare("SELECT COUNT(*) FROM vote_campaigns WHERE kind = ?").pluck().get(kind) as number;

export const anyCampaign = (db: Db) => Boolean(db.prepare("SELECT 1 FROM vote_campaigns LIMIT 1").get());

export const stagesOf = (db: Db, campaignId: number) =>
  db.prepare("SELECT * FROM contest_stages WHERE campaign_id = ? ORDER BY position").all(campaignId) as StageRow[];

export const winnersOf = (db: Db, campaignId: number) =>
  db.prepare("SELECT entry_id, rank, award, award_en FROM contest_winners WHERE campaign_id = ? ORDER BY rank, entry_id").all(campaignId) as WinnerRow[];

export const awardOf = (db: Db, entryId: number) =>
  db.prepare("SELECT entry_id, rank, award, award_en FROM contest_winners WHERE entry_id = ?").get(entryId) as WinnerRow | undefined;

// Entries

/** A campaign's entries, most votes first. */
export const entriesOf = (db: Db, campaignId: number) =>
  db.prepare(`SELECT ${ENTRY_COLUMNS} WHERE e.campaign_id = ? ORDER BY votes DESC, e.sort, e.id`).all(campaignId) as EntryRow[];

export const entryById = (db: Db, id: number) => db.prepare(`SELECT ${ENTRY_COLUMNS} WHERE e.id = ?`).get(id) as EntryRow | undefined;

export const entryCampaign = (db: Db, entryId: number) =>
  db.prepare("SELECT campaign_id FROM vote_entries WHERE id = ?").pluck().get(entryId) as number | undefined;

export const videoUrlOf = (db: Db, itemId: number) => db.prepare("SELECT media_url FROM item_meta WHERE item_id = ?").pluck().get(itemId) as string | undefined;

// Votes

export const entryVotes = (db: Db, entryId: number) => db.prepare("SELECT COUNT(*) FROM votes WHERE entry_id = ?").pluck().get(entryId) as number;

export const campaignVotes = (db: Db, campaignId: number) => db.prepare("SELECT COUNT(*) FROM votes WHERE campaign_id = ?").pluck().get(campaignId) as number;

/** How many of a campaign's entries have more votes than this. */
export const entriesAhead = (db: Db, campaignId: number, votes: number) =>
  db
    .prepare("SELECT COUNT(*) FROM (SELECT COUNT(*) AS n FROM votes WHERE campaign_id = ? GROUP BY entry_id) WHERE n > ?")
    .pluck()
    .get(campaignId, votes) as number;

export const usedOn = (db: Db, campaignId: number, userId: number, day: string) =>
  db.prepare("SELECT COUNT(*) FROM votes WHERE campaign_id = ? AND user_id = ? AND day = ?").pluck().get(campaignId, userId, day) as number;

export const addVote = (db: Db, vote: { campaignId: number; entryId: number; userId: number; day: string; at: string }) =>
  db
    .prepare("INSERT INTO votes (campaign_id, entry_id, user_id, day, created_at) VALUES (?, ?, ?, ?, ?)")
    .run(vote.campaignId, vote.entryId, vote.userId, vote.day, vote.at);

// Seeding

export interface SeedItem {
  id: number;
  title: string;
  title_en: string;
  author_name: string;
  author_name_en: string;
  topic: string | null;
  topic_en: string | null;
}

export const seedItemsOf = (db: Db, kind: string, limit: number) =>
  db
    .prepare(`SELECT id, title, title_en, author_name, author_name_en, json_extract(extra, '$.topic') AS topic,
        json_extract(extra, '$.topicEn') AS topic_en FROM items WHERE kind = ? ORDER BY sort DESC, id DESC LIMIT ?`)
    .all(kind, limit) as SeedItem[];

export const bookOnTopic = (db: Db, topic: string) =>
  db.prepare("SELECT title, title_en FROM items WHERE kind = 'book' AND json_extract(extra, '$.topic') = ? ORDER BY id LIMIT 1").get(topic) as
    | { title: string; title_en: string }
    | undefined;

export const insertCampaign = (db: Db, campaign: Omit<CampaignRow, "id">) =>
  Number(
    db
      .prepare(
        `INSERT INTO vote_campaigns (kind, title, title_en, rules, rules_en, tickets_per_day, starts_at, ends_at, contest)
         VALUES (@kind, @title, @title_en, @rules, @rules_en, @tickets_per_day, @starts_at, @ends_at, @contest)`,
      )
      .run(campaign).lastInsertRowid,
  );

export const insertEntry = (db: Db, entry: { campaignId: number; itemId: number; entrant: [string, string]; statement: [string, string]; sort: number }) =>
  Number(
    db
      .prepare("INSERT INTO vote_entries (campaign_id, item_id, entrant, entrant_en, statement, statement_en, sort) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .run(entry.campaignId, entry.itemId, entry.entrant[0], entry.entrant[1], entry.statement[0], entry.statement[1], entry.sort).lastInsertRowid,
  );

export const insertStage = (db: Db, campaignId: number, stage: StageRow) =>
  db
    .prepare(
      "INSERT INTO contest_stages (campaign_id, position, title, title_en, description, description_en, starts_at, ends_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .run(campaignId, stage.position, stage.title, stage.title_en, stage.description, stage.description_en, stage.starts_at, stage.ends_at);

export const insertWinner = (db: Db, campaignId: number, winner: WinnerRow) =>
  db
    .prepare("INSERT INTO contest_winners (campaign_id, entry_id, rank, award, award_en) VALUES (?, ?, ?, ?, ?)")
    .run(campaignId, winner.entry_id, winner.rank, winner.award, winner.award_en);

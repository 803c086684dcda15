import type { Accounts } from "../accounts/index.server.ts";
import type { Db } from "../kernel/db.server.ts";
import { fail, ok, type ApiContext, type Envelope } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import { shanghaiDay } from "../kernel/shanghai-day.server.ts";
import * as queries from "./queries.server.ts";
import type { CampaignRow, Kind } from "./queries.server.ts";

/** What the voting paths work with: the database and the accounts (who is voting). */
export interface VotingContext {
  db: Db;
  accounts: Accounts;
}

export type State = "upcoming" | "running" | "ended";

export const stateAt = (startsAt: string, endsAt: string, now: Date): State =>
  now < new Date(startsAt) ? "upcoming" : now >= new Date(endsAt) ? "ended" : "running";

/** A rank shared by ties: one more than the number of entries with more votes. */
export const rankIn = (entries: { votes: number }[], votes: number) => 1 + entries.filter((other) => other.votes > votes).length;

export function positiveId(value: unknown): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** A person's tickets in a campaign today (Asia/Shanghai): unused ones lapse at midnight. */
export function ticketsOf(db: Db, campaign: CampaignRow, userId: number, now: Date) {
  const day = shanghaiDay(now);
  const used = queries.usedOn(db, campaign.id, userId, day);
  return { perDay: campaign.tickets_per_day, used, left: Math.max(0, campaign.tickets_per_day - used), day };
}

/** The campaign of this kind a call names by id, or (without an id) the current one; contests count as video votes. */
export function findCampaign(db: Db, context: ApiContext, kind: Kind, param: string): CampaignRow | undefined {
  const raw = context.params[param];
  if (raw === undefined || raw === "") return queries.currentOfKind(db, kind, context.now().toISOString());
  const id = positiveId(raw);
  const campaign = id ? queries.campaignById(db, id) : undefined;
  return campaign?.kind === kind ? campaign : undefined;
}

export const noCampaign = (context: ApiContext) => fail(404, say(context, "投票活动不存在", "No such vote"));
export const noEntry = (context: ApiContext) => fail(404, say(context, "作品不存在", "No such entry"));

/**
 * One vote: a ticket is one vote, so several may go to the same entry. One immediate transaction counts the person's
 * tickets used today in the campaign and inserts only while one is left, so simultaneous votes (even from several
 * processes on one database) never exceed the tickets.
 */
export function castVote(db: Db, context: ApiContext, userId: number, campaign: CampaignRow, entryId: number): Envelope {
  return db
    .transaction((): Envelope => {
      const now = context.now();
      const state = stateAt(campaign.starts_at, campaign.ends_at, now);
      if (state === "upcoming") return fail(403, say(context, "投票尚未开始", "Voting has not started yet"));
      if (state === "ended") return fail(403, say(context, "投票已结束", "Voting has ended"));
      const day = shanghaiDay(now);
      if (queries.usedOn(db, campaign.id, userId, day) >= campaign.tickets_per_day)
        return fail(
          409,
          say(
            context,
            `今天的 ${campaign.tickets_per_day} 票已用完，明天再来吧`,
            `You have used all ${campaign.tickets_per_day} votes for today. Come back tomorrow`,
          ),
        );
      queries.addVote(db, { campaignId: campaign.id, entryId, userId, day, at: now.toISOString() });
      const votes = queries.entryVotes(db, entryId);
      const rank = 1 + queries.entriesAhead(db, campaign.id, votes);
      return ok({ entryId, votes, rank, tickets: ticketsOf(db, campaign, userId, now) }, say(context, "投票成功", "Vote counted"));
    })
    .immediate();
}

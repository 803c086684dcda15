import type { UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { allow } from "../kernel/rate-limits.server.ts";
import { say } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import type { CampaignRow, EntryRow, Kind } from "./queries.server.ts";
import { castVote, findCampaign, noCampaign, noEntry, positiveId, rankIn, stateAt, ticketsOf, type VotingContext } from "./rules.server.ts";

const VOTES_PER_MINUTE = 30;

type Handler = (voting: VotingContext, context: ApiContext) => Envelope;
type UserHandler = (voting: VotingContext, context: ApiContext, user: UserRow) => Envelope;

const viewerId = ({ accounts }: VotingContext, context: ApiContext): number | null => {
  if (!context.token) return null;
  const who = accounts.current(context);
  return "user" in who ? who.user.id : null;
};

const campaignView = ({ db }: VotingContext, context: ApiContext, campaign: CampaignRow) => {
  const state = stateAt(campaign.starts_at, campaign.ends_at, context.now());
  return {
    id: campaign.id,
    kind: campaign.kind,
    contest: campaign.contest === 1,
    title: say(context, campaign.title, campaign.title_en),
    rules: say(context, campaign.rules, campaign.rules_en),
    ticketsPerDay: campaign.tickets_per_day,
    startsAt: campaign.starts_at,
    endsAt: campaign.ends_at,
    state,
    running: state === "running",
    totalVotes: queries.campaignVotes(db, campaign.id),
  };
};

const entryView = (context: ApiContext, entry: EntryRow, rank: number) => ({
  id: entry.id,
  campaignId: entry.campaign_id,
  itemId: entry.item_id,
  title: say(context, entry.title, entry.title_en),
  summary: say(context, entry.summary, entry.summary_en),
  cover: entry.cover,
  author: say(context, entry.author_name, entry.author_name_en),
  entrant: say(context, entry.entrant, entry.entrant_en),
  statement: say(context, entry.statement, entry.statement_en),
  votes: entry.votes,
  rank,
});

const rankedEntries = ({ db }: VotingContext, context: ApiContext, campaignId: number) => {
  const rows = queries.entriesOf(db, campaignId);
  return rows.map((row) => entryView(context, row, rankIn(rows, row.votes)));
};

const winnersView = (voting: VotingContext, context: ApiContext, campaignId: number) => {
  const entries = new Map(rankedEntries(voting, context, campaignId).map((entry) => [entry.id, entry]));
  return queries.winnersOf(voting.db, campaignId).map((winner) => ({
    rank: winner.rank,
    award: say(context, winner.award, winner.award_en),
    entry: entries.get(winner.entry_id),
  }));
};

const viewerTickets = (voting: VotingContext, context: ApiContext, campaign: CampaignRow) => {
  const userId = viewerId(voting, context);
  return userId === null ? null : ticketsOf(voting.db, campaign, userId, context.now());
};

const list =
  (kind: Kind): Handler =>
  (voting, context) => {
    const { pageNum, pageSize } = paging(context.params);
    const rows = queries.campaignsOfKind(voting.db, kind, context.now().toISOString(), pageSize, (pageNum - 1) * pageSize);
    return ok({ list: rows.map((row) => campaignView(voting, context, row)), total: queries.campaignCountOfKind(voting.db, kind), pageNum, pageSize });
  };

const detail =
  (kind: Kind): Handler =>
  (voting, context) => {
    const campaign = findCampaign(voting.db, context, kind, "id");
    if (!campaign) return noCampaign(context);
    return ok({
      ...campaignView(voting, context, campaign),
      entries: rankedEntries(voting, context, campaign.id),
      tickets: viewerTickets(voting, context, campaign),
    });
  };

/** One entry with its campaign, the viewer's tickets, its award if it won one, and for a video the video to play. */
const entry =
  (kind: Kind): Handler =>
  (voting, context) => {
    const { db } = voting;
    const id = positiveId(context.params.id);
    const row = id ? queries.entryById(db, id) : undefined;
    const campaign = row ? queries.campaignById(db, row.campaign_id) : undefined;
    if (!row || !campaign || campaign.kind !== kind) return noEntry(context);
    const award = queries.awardOf(db, row.id);
    return ok({
      ...entryView(context, row, rankIn(queries.entriesOf(db, campaign.id), row.votes)),
      ...(kind === "video" ? { videoUrl: queries.videoUrlOf(db, row.item_id) ?? "" } : {}),
      itemLink: `${kind === "book" ? "/bookDetail" : "/videoDetail"}?id=${row.item_id}`,
      award: award ? { rank: award.rank, award: say(context, award.award, award.award_en) } : null,
      campaign: campaignView(voting, context, campaign),
      tickets: viewerTickets(voting, context, campaign),
    });
  };

const vote =
  (kind: Kind): UserHandler =>
  ({ db }, context, user) => {
    // A vote names its campaign: "the current one" could change between loading the page and voting.
    const campaign = positiveId(context.params.campaignId) ? findCampaign(db, context, kind, "campaignId") : undefined;
    if (!campaign) return noCampaign(context);
    const entryId = positiveId(context.params.entryId);
    const entryIn = entryId ? queries.entryCampaign(db, entryId) : undefined;
    if (!entryId || entryIn === undefined) return noEntry(context);
    if (entryIn !== campaign.id) return fail(400, say(context, "该作品不在本次投票中", "This entry is not part of this vote"));
    if (!allow(db, `vote:${user.id}`, VOTES_PER_MINUTE, 60_000, context.now().getTime()))
      return fail(429, say(context, "投票太快了，请稍后再试", "Too many votes at once. Please wait a moment"));
    return castVote(db, context, user.id, campaign, entryId);
  };

/**
 * The contest edition named by id, else the current one; with its timeline, entries, winners (once awarded) and the
 * edition before it with that edition's winners. Public: nothing here depends on the viewer.
 */
const contest: Handler = (voting, context) => {
  const { db } = voting;
  const id = positiveId(context.params.id);
  const edition = id ? queries.campaignById(db, id) : queries.currentContest(db, context.now().toISOString());
  if (edition?.contest !== 1) return fail(404, say(context, "阅读大赛不存在", "No such reading contest"));
  const now = context.now();
  const previous = queries.previousContest(db, edition.starts_at, edition.id);
  return ok({
    ...campaignView(voting, context, edition),
    stages: queries.stagesOf(db, edition.id).map((stage) => ({
      position: stage.position,
      title: say(context, stage.title, stage.title_en),
      description: say(context, stage.description, stage.description_en),
      startsAt: stage.starts_at,
      endsAt: stage.ends_at,
      state: stateAt(stage.starts_at, stage.ends_at, now),
    })),
    entries: rankedEntries(voting, context, edition.id),
    winners: winnersView(voting, context, edition.id),
    previous: previous
      ? { ...campaignView(voting, context, previous), entries: rankedEntries(voting, context, previous.id), winners: winnersView(voting, context, previous.id) }
      : null,
  });
};

const ticket: UserHandler = ({ db }, context, user) => {
  const id = positiveId(context.params.campaignId);
  const campaign = id ? queries.campaignById(db, id) : undefined;
  if (!campaign) return noCampaign(context);
  return ok({ campaignId: campaign.id, ...ticketsOf(db, campaign, user.id, context.now()) });
};

/**
 * Book and video votes (/voteBook/*, /voteVideo/*, /voteData/getTicket) and the reading contest (/voteVideo/contest).
 * A campaign gives each person tickets_per_day tickets per Asia/Shanghai day; counts are COUNT(*) over votes.
 */
export function votingRoutes(voting: VotingContext): RouteDefinition[] {
  const open = (handler: Handler) => (context: ApiContext) => handler(voting, context);
  const signedIn = (handler: UserHandler) => voting.accounts.withUser((context, user) => handler(voting, context, user));
  return [
    { method: "GET", path: "/voteBook/list", handler: open(list("book")) },
    { method: "GET", path: "/voteBook/detail", handler: open(detail("book")) },
    { method: "GET", path: "/voteBook/entry", handler: open(entry("book")) },
    { method: "POST", path: "/voteBook/vote", handler: signedIn(vote("book")) },
    { method: "GET", path: "/voteVideo/list", handler: open(list("video")) },
    { method: "GET", path: "/voteVideo/detail", handler: open(detail("video")) },
    { method: "GET", path: "/voteVideo/entry", handler: open(entry("video")) },
    { method: "POST", path: "/voteVideo/vote", handler: signedIn(vote("video")) },
    { method: "GET", path: "/voteVideo/contest", handler: open(contest) },
    { method: "GET", path: "/voteData/getTicket", handler: signedIn(ticket) },
  ];
}

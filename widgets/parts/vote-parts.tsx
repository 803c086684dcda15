import "./vote-parts.css";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi, showFailure } from "../kit/api";
import { voteCalls } from "../kit/calls/vote";
import { askedToLogIn, requireLogin, showToast } from "../kit/session";
import { useLang, useViewer } from "../kit/page";
import { formatCount, formatDateRange } from "../kit/format";

/** Shared by the voting widgets (ADR 021): the platform's answers, the vote call and the parts every screen shows. */

export type VoteState = "upcoming" | "running" | "ended";

export interface VoteTickets {
  perDay: number;
  used: number;
  left: number;
  day: string;
}

export interface VoteCampaign {
  id: number;
  kind: "book" | "video";
  contest: boolean;
  title: string;
  rules: string;
  ticketsPerDay: number;
  startsAt: string;
  endsAt: string;
  state: VoteState;
  running: boolean;
  totalVotes: number;
}

export interface VoteEntry {
  id: number;
  campaignId: number;
  itemId: number;
  title: string;
  summary: string;
  cover: string;
  author: string;
  entrant: string;
  statement: string;
  votes: number;
  rank: number;
}

interface Answered {
  counts: Record<number, { votes: number; rank: number }>;
  tickets: VoteTickets | null;
}

/**
 * Votes in one campaign. The counts and tickets shown are the server's: those of the page's data, replaced by what
 * each vote answers, until the page's data loads again (after logging in, for one).
 */
export function useVoting(campaign: VoteCampaign, tickets: VoteTickets | null) {
  const { t } = useTranslation("vote");
  const [answered, setAnswered] = useState<Answered>({ counts: {}, tickets: null });
  const [busy, setBusy] = useState<number | null>(null);
  useEffect(() => setAnswered({ counts: {}, tickets: null }), [campaign, tickets]);

  const vote = async (entry: VoteEntry) => {
    if (!requireLogin() || busy !== null) return;
    setBusy(entry.id);
    const answer = await callApi(campaign.kind === "book" ? voteCalls.bookVote : voteCalls.videoVote, {
      campaignId: campaign.id,
      entryId: entry.id,
    });
    setBusy(null);
    if (askedToLogIn(answer)) return;
    if (answer.code !== 200 || !answer.data) return showFailure(answer);
    const { votes, rank, tickets: left } = answer.data;
    setAnswered((current) => ({ counts: { ...current.counts, [entry.id]: { votes, rank } }, tickets: left }));
    showToast(t("voted", { left: left.left }), "success");
  };

  return {
    vote,
    busy,
    tickets: answered.tickets ?? tickets,
    votesOf: (entry: VoteEntry) => answered.counts[entry.id]?.votes ?? entry.votes,
    rankOf: (entry: VoteEntry) => answered.counts[entry.id]?.rank ?? entry.rank,
  };
}

/** A rank shared by ties, as the server ranks: one more than the number of entries with more votes (for a whole list). */
export function rankAmong(votes: number[], own: number): number {
  return 1 + votes.filter((other) => other > own).length;
}

/** The campaign's state as a badge. */
export function VoteStateBadge({ state }: { state: VoteState }) {
  const { t } = useTranslation("vote");
  return <span className={`vote-state vote-state-${state}`}>{t(`state.${state}`)}</span>;
}

/** When voting runs, and the viewer's tickets today (where the data has them; else the daily number, for a visitor with the login it takes). */
export function VoteWindow({ campaign, tickets }: { campaign: VoteCampaign; tickets: VoteTickets | null }) {
  const { t } = useTranslation("vote");
  const lang = useLang();
  const viewer = useViewer();
  return (
    <div className="vote-window">
      <p>{t("period", { range: formatDateRange(campaign.startsAt, campaign.endsAt, lang) })}</p>
      {campaign.running && (
        <p className="vote-tickets" data-testid="vote-tickets">
          {!viewer
            ? t("tickets.visitor", { perDay: campaign.ticketsPerDay })
            : tickets
              ? t("tickets.left", { left: tickets.left, perDay: tickets.perDay })
              : t("tickets.perDay", { perDay: campaign.ticketsPerDay })}
        </p>
      )}
    </div>
  );
}

/** A count as the platform gave it, with its unit. */
export function VoteCount({ votes }: { votes: number }) {
  const { t } = useTranslation("vote");
  const lang = useLang();
  return (
    <span className="vote-count">
      <strong data-testid="vote-count">{formatCount(votes, lang)}</strong>
      <small>{t("votes", { count: votes })}</small>
    </span>
  );
}

/**
 * The vote button. It stays usable when today's tickets are used up: the platform answers why (and after midnight
 * the same page votes again), so the button never guesses. A visitor is asked to log in.
 */
export function VoteButton({ campaign, busy, onVote, wide }: { campaign: VoteCampaign; busy: boolean; onVote: () => void; wide?: boolean }) {
  const { t } = useTranslation("vote");
  const viewer = useViewer();
  const label =
    campaign.state !== "running" ? `button.${campaign.state}` : busy ? "button.voting" : !viewer ? "button.login" : wide ? "button.voteFor" : "button.vote";
  return (
    <button
      type="button"
      className={`button button-primary vote-button${wide ? " vote-button-wide" : ""}`}
      disabled={campaign.state !== "running" || busy}
      onClick={onVote}
    >
      {t(label)}
    </button>
  );
}

/** The campaign's rules, folded. */
export function VoteRules({ rules }: { rules: string }) {
  const { t } = useTranslation("vote");
  if (!rules) return null;
  return (
    <details className="vote-rules">
      <summary>{t("rules")}</summary>
      {rules.split("\n").map((line) => (
        <p key={line}>{line}</p>
      ))}
    </details>
  );
}

/** Who entered: a nominator for a book, the presenter of a video, the reader in the contest. */
export function entrantLabel(campaign: Pick<VoteCampaign, "kind" | "contest">): "entrant.book" | "entrant.video" | "entrant.contest" {
  return campaign.contest ? "entrant.contest" : campaign.kind === "book" ? "entrant.book" : "entrant.video";
}

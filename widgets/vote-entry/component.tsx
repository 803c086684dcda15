import { useEffect, useState } from "react";
import { Art } from "../parts/art";
import { useTranslation } from "react-i18next";
import type { VoteEntryProps } from "@schemas/generated/page-config";
import "./vote-entry.css";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { showToast } from "../kit/session";
import { configureMessagingShare, copyText, isMessagingAppBrowser } from "../kit/browser";
import {
  entrantLabel,
  useVoting,
  VoteButton,
  type VoteCampaign,
  VoteCount,
  type VoteEntry as Entry,
  VoteStateBadge,
  type VoteTickets,
  VoteWindow,
} from "../parts/vote-parts";

type EntryDetail = Entry & {
  itemLink: string;
  award: { rank: number; award: string } | null;
  campaign: VoteCampaign;
  tickets: VoteTickets | null;
};

/** One entry of a vote with its count, rank and vote button; on a page made to be shared, also the invitation and sharing. */
export default function VoteEntry({ props, data }: WidgetRenderProps<VoteEntryProps>) {
  const entry = data?.status === "ok" ? (data.value as EntryDetail | null) : null;
  if (!entry) return null;
  return <EntryCard key={entry.id} entry={entry} {...props} />;
}

function EntryCard({ entry, cover, share, boardLink, contestLink }: VoteEntryProps & { entry: EntryDetail }) {
  const { t } = useTranslation("vote");
  const { campaign } = entry;
  const { vote, busy, tickets, votesOf, rankOf } = useVoting(campaign, entry.tickets);
  const [hint, setHint] = useState(false);
  const votes = votesOf(entry);
  const shareTitle = t("share.title", { title: entry.title, campaign: campaign.title });

  useEffect(() => {
    if (share && isMessagingAppBrowser(navigator.userAgent)) void configureMessagingShare(shareTitle, entry.statement);
  }, [share, shareTitle]);

  const invite = async () => {
    if (isMessagingAppBrowser(navigator.userAgent)) {
      setHint(true);
      return;
    }
    const copied = await copyText(window.location.href);
    showToast(copied ? t("share.copied") : t("share.copyFailed"), copied ? "success" : "error");
  };

  return (
    <section className="vote-entry">
      {share && campaign.running && <p className="vote-entry-invite">{t("share.invite", { perDay: campaign.ticketsPerDay })}</p>}
      {cover && (
        <Art
          className={`vote-entry-cover vote-entry-cover-${campaign.kind}`}
          src={entry.cover}
          alt=""
          shape="poster"
          box={{ width: 320, height: 180 }}
          placement="visible"
        />
      )}
      <div className="vote-entry-card">
        <div className="vote-entry-campaign">
          <span>{campaign.title}</span>
          <VoteStateBadge state={campaign.state} />
        </div>
        <h1>{entry.title}</h1>
        {entry.award && <span className="vote-entry-award">{entry.award.award}</span>}
        <small className="vote-entry-entrant">{t(entrantLabel(campaign), { name: entry.entrant })}</small>
        <p className="vote-entry-statement">{entry.statement}</p>
        <div className="vote-entry-score">
          <VoteCount votes={votes} />
          {votes > 0 && <span className="vote-entry-rank">{t("rank", { rank: rankOf(entry) })}</span>}
        </div>
        <VoteWindow campaign={campaign} tickets={tickets} />
        <VoteButton campaign={campaign} busy={busy === entry.id} onVote={() => void vote(entry)} wide />
        {share && campaign.running && (
          <button type="button" className="button vote-entry-share" onClick={() => void invite()}>
            {t("share.button")}
          </button>
        )}
        {hint && <p className="vote-entry-hint">{t("share.hint")}</p>}
        <nav className="vote-entry-links">
          <SmartLink to={entry.itemLink}>{t(`itemLink.${campaign.kind}`)}</SmartLink>
          {(campaign.contest ? contestLink : boardLink) && <SmartLink to={campaign.contest ? contestLink : boardLink}>{t("allEntries")}</SmartLink>}
        </nav>
      </div>
    </section>
  );
}

import { useTranslation } from "react-i18next";
import type { ContestWinnersProps } from "@schemas/generated/page-config";
import "./contest-winners.css";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { useLang } from "../kit/page";
import { formatDateRange } from "../kit/format";
import type { VoteCampaign, VoteEntry } from "../parts/vote-parts";

interface Winner {
  rank: number;
  award: string;
  entry: VoteEntry;
}

type Edition = VoteCampaign & { entries: VoteEntry[]; winners: Winner[] };

/** A contest edition's winners by rank (and, on the past editions' page, its other entries), each leading to its page. */
export default function ContestWinners({ props, data }: WidgetRenderProps<ContestWinnersProps>) {
  const { t } = useTranslation("vote");
  const lang = useLang();
  const contest = data?.status === "ok" ? (data.value as (Edition & { previous: Edition | null }) | null) : null;
  const edition = props.edition === "previous" ? contest?.previous : contest;
  if (!edition?.winners.length) return null;
  const awarded = new Set(edition.winners.map((winner) => winner.entry.id));
  const others = edition.entries.filter((entry) => !awarded.has(entry.id));
  const link = (entry: VoteEntry) => `${props.entryLink}?id=${entry.id}`;
  return (
    <section className="contest-winners">
      <header>
        <h2>{t("contest.winners", { title: edition.title })}</h2>
        <small>{formatDateRange(edition.startsAt, edition.endsAt, lang)}</small>
      </header>
      <ol className="contest-winner-list" data-testid="contest-winners">
        {edition.winners.map((winner) => (
          <li key={winner.entry.id}>
            <SmartLink to={link(winner.entry)} className={`contest-winner contest-winner-${Math.min(winner.rank, 4)}`}>
              <span className="contest-winner-rank">{winner.rank}</span>
              <img src={winner.entry.cover} alt="" width="112" height="63" loading="lazy" />
              <span className="contest-winner-body">
                <em>{winner.award}</em>
                <strong>{winner.entry.title}</strong>
                <small>{winner.entry.entrant}</small>
              </span>
            </SmartLink>
          </li>
        ))}
      </ol>
      {props.showEntries && others.length > 0 && (
        <>
          <h3>{t("contest.otherEntries")}</h3>
          <ul className="contest-other-list">
            {others.map((entry) => (
              <li key={entry.id}>
                <SmartLink to={link(entry)} className="contest-other">
                  <strong>{entry.title}</strong>
                  <small>{entry.entrant}</small>
                </SmartLink>
              </li>
            ))}
          </ul>
        </>
      )}
      {props.moreLink && (
        <SmartLink to={props.moreLink} className="contest-winners-more">
          {t("contest.moreCases")}
        </SmartLink>
      )}
    </section>
  );
}

import { useTranslation } from "react-i18next";
import type { ContestHomeProps } from "@schemas/generated/page-config";
import "./contest-home.css";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { useLang, StateNotice } from "../kit/page";
import { formatDateRange } from "../kit/format";
import { type VoteCampaign, VoteCount, type VoteEntry, VoteRules, VoteStateBadge, type VoteState, VoteWindow } from "../parts/vote-parts";

interface Stage {
  position: number;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  state: VoteState;
}

type Contest = VoteCampaign & { stages: Stage[]; entries: VoteEntry[] };

/** The reading contest's home (/jdds): its rules, its stages as a timeline with their state, and its entries. */
export default function ContestHome({ props, data }: WidgetRenderProps<ContestHomeProps>) {
  const { t } = useTranslation("vote");
  const lang = useLang();
  const contest = data?.status === "ok" ? (data.value as Contest | null) : null;
  if (!contest) return null;
  return (
    <section className="contest-home">
      <header className="contest-hero">
        <h1>{contest.title}</h1>
        <VoteStateBadge state={contest.state} />
        <VoteWindow campaign={contest} tickets={null} />
        <VoteRules rules={contest.rules} />
      </header>

      <h2 className="contest-heading">{t("contest.stages")}</h2>
      <ol className="contest-stages" data-testid="contest-stages">
        {contest.stages.map((stage) => (
          <li key={stage.position} className={`contest-stage contest-stage-${stage.state}`}>
            <div className="contest-stage-head">
              <strong>{stage.title}</strong>
              <VoteStateBadge state={stage.state} />
            </div>
            <small>{formatDateRange(stage.startsAt, stage.endsAt, lang)}</small>
            <p>{stage.description}</p>
          </li>
        ))}
      </ol>

      <div className="contest-heading">
        <h2>{t("contest.entries")}</h2>
        {props.casesLink && (
          <SmartLink to={props.casesLink} className="contest-more">
            {t("contest.cases")}
          </SmartLink>
        )}
      </div>
      {contest.entries.length === 0 ? (
        <StateNotice kind="empty" className="contest-empty" text={t("contest.noEntries")} />
      ) : (
        <ul className="contest-entries">
          {contest.entries.map((entry) => (
            <li key={entry.id}>
              <SmartLink to={`${props.entryLink}?id=${entry.id}`} className="contest-entry">
                <img src={entry.cover} alt="" width="320" height="180" loading="lazy" />
                <strong className="contest-entry-title">{entry.title}</strong>
                <small>{entry.entrant}</small>
                <VoteCount votes={entry.votes} />
              </SmartLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

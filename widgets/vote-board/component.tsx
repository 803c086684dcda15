import { useTranslation } from "react-i18next";
import { Art } from "../parts/art";
import type { VoteBoardProps } from "@schemas/generated/page-config";
import "./vote-board.css";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import {
  entrantLabel,
  rankAmong,
  useVoting,
  VoteButton,
  type VoteCampaign,
  VoteCount,
  type VoteEntry,
  VoteRules,
  VoteStateBadge,
  type VoteTickets,
  VoteWindow,
} from "../parts/vote-parts";

type Board = VoteCampaign & { entries: VoteEntry[]; tickets: VoteTickets | null };

/** A campaign's entries ranked by the platform's counts, each with its vote button, and the viewer's tickets today. */
export default function VoteBoard({ props, data }: WidgetRenderProps<VoteBoardProps>) {
  const board = data?.status === "ok" ? (data.value as Board | null) : null;
  if (!board) return null;
  return <Entries key={board.id} board={board} entryLink={props.entryLink} />;
}

function Entries({ board, entryLink }: { board: Board; entryLink: string }) {
  const { t } = useTranslation("vote");
  const { vote, busy, tickets, votesOf } = useVoting(board, board.tickets);
  const counts = board.entries.map(votesOf);
  return (
    <section className="vote-board">
      <header className="vote-board-head">
        <div>
          <h2>{board.title}</h2>
          <VoteStateBadge state={board.state} />
        </div>
        <VoteWindow campaign={board} tickets={tickets} />
        <VoteRules rules={board.rules} />
      </header>
      <ol className="vote-board-list">
        {board.entries.map((entry, index) => {
          const votes = counts[index];
          const link = `${entryLink}?id=${entry.id}`;
          return (
            <li key={entry.id} className="vote-board-entry" data-testid="vote-entry">
              <SmartLink to={link} className="vote-board-cover" duplicate>
                <Art src={entry.cover} alt="" shape="poster" span="thumb" box={{ width: 112, height: 63 }} placement="below" />
                {votes > 0 && <span className="vote-board-rank">{t("rank", { rank: rankAmong(counts, votes) })}</span>}
              </SmartLink>
              <div className="vote-board-body">
                <SmartLink to={link} className="vote-board-title">
                  {entry.title}
                </SmartLink>
                <small>{t(entrantLabel(board), { name: entry.entrant })}</small>
                <div className="vote-board-actions">
                  <VoteCount votes={votes} />
                  <VoteButton campaign={board} busy={busy === entry.id} onVote={() => void vote(entry)} />
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

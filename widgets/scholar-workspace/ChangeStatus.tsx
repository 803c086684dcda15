import { useTranslation } from "react-i18next";
import { formatMoment } from "../kit/format";
import type { Lang } from "../kit/page";
import type { AnswerOf } from "../kit/api";
import type { scholarCalls } from "../kit/calls/scholar";

/** The owner's last edit and where it stands, as /author/get and /author/edit answer it. */
export type ProfileChange = NonNullable<AnswerOf<typeof scholarCalls.getAuthor>["change"]>;

/** Where the owner's last edit stands: waiting for review, declined with the reviewer's reason, or approved. */
export function ChangeStatus({ change, lang }: { change: ProfileChange | null; lang: Lang }) {
  const { t } = useTranslation("scholarWorkspace");
  if (!change) return null;
  const text =
    change.status === 0
      ? t("owner.waiting", { date: formatMoment(change.createdAt, lang) })
      : change.status === 1
        ? t("owner.declined", { reason: change.reason })
        : t("owner.approved");
  return (
    <p className={`change-status change-${change.status}`} role="status">
      {text}
    </p>
  );
}

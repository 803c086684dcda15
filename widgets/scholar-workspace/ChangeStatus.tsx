import { useTranslation } from "react-i18next";
import { formatMoment } from "../kit/format";
import type { Lang } from "../kit/page";
import type { ScholarProfileForm } from "../parts/scholar-workspace";

export interface ProfileChange {
  status: number;
  reason: string;
  profile: ScholarProfileForm;
  createdAt: string;
}

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

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SigninCardProps } from "@schemas/generated/page-config";
import "./signin-card.css";
import { revalidatePageData, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, showFailure } from "../kit/api";
import { pointCalls } from "../kit/calls/point";
import { requireLogin, showToast } from "../kit/session";
import { SmartLink } from "../kit/links";
import type { IntegralTaskTaskListAnswer } from "../kit/contracts";

export type SigninWeek = IntegralTaskTaskListAnswer["signin"];

/** Daily sign-in: the server decides the day (Asia/Shanghai) and the points; the card shows its answer. */
export default function SigninCard({ props, data }: WidgetRenderProps<SigninCardProps>) {
  const { t } = useTranslation("points");
  const tasks = data?.status === "ok" ? (data.value as { balance: number; signin: SigninWeek } | null) : null;
  const [busy, setBusy] = useState(false);
  const [reminder, setReminder] = useState<{ remind: boolean; hour: number } | null>(null);
  const viewer = useViewer();
  const signin = tasks?.signin;

  useEffect(() => {
    if (viewer) void callApi(pointCalls.reminder).then((answer) => setReminder(answer.data ?? null));
  }, [viewer?.id]);

  /** The switch moves at once; a refusal puts it back. */
  const switchReminder = async (remind: boolean) => {
    const before = reminder;
    if (before) setReminder({ ...before, remind });
    const answer = await callApi(pointCalls.setReminder, { remind });
    if (answer.code !== 200 || !answer.data) {
      setReminder(before);
      return showFailure(answer);
    }
    setReminder(answer.data);
    showToast(answer.message ?? "", "success");
  };

  const signIn = async () => {
    if (!requireLogin()) return;
    setBusy(true);
    const answer = await callApi(pointCalls.signin);
    setBusy(false);
    if (answer.code !== 200) return showFailure(answer);
    showToast(answer.message ?? "", "success");
    void revalidatePageData();
  };

  return (
    <section className="signin-card">
      <div className="signin-head">
        <div>
          <h2>{t("signin.title")}</h2>
          <p>{signin?.streak ? t("signin.streak", { count: signin.streak }) : t("signin.noStreak")}</p>
        </div>
        {tasks && (
          <SmartLink to={props.ledgerLink} className="signin-balance">
            <small>{t("balance")}</small>
            <strong data-testid="points-balance">{tasks.balance}</strong>
          </SmartLink>
        )}
      </div>
      {signin && (
        <ol className="signin-week">
          {signin.week.map((day) => (
            <li key={day.day} className={`signin-day${day.signed ? " signed" : ""}${day.today ? " today" : ""}`}>
              <span className="signin-points">+{day.points}</span>
              <span>{t("signin.day", { day: day.day })}</span>
            </li>
          ))}
        </ol>
      )}
      <button type="button" className="button button-primary signin-button" disabled={busy || signin?.signedToday} onClick={() => void signIn()}>
        {signin?.signedToday ? t("signin.done") : busy ? t("signin.busy") : t("signin.button", { points: signin?.todayPoints ?? 5 })}
      </button>
      {reminder && (
        <label className="signin-reminder">
          <input
            type="checkbox"
            role="switch"
            aria-checked={reminder.remind}
            checked={reminder.remind}
            onChange={(event) => void switchReminder(event.target.checked)}
          />
          {t("signin.remind", { hour: reminder.hour })}
        </label>
      )}
      <p className="signin-rule">{t("signin.rule")}</p>
    </section>
  );
}

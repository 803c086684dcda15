import { useCallback, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LiveInviteProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, useHydrated, useLang, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callLiveRoom, isSuccess, type AnswerOf } from "../kit/api";
import { liveRoomCalls } from "../kit/calls/live-room";
import { requireLogin, showToast } from "../kit/session";
import { copyText, readStorage, writeStorage } from "../kit/browser";
import { INVITE_CODE, inviteLink } from "../kit/realtime";

const PLAN_ID = /^[1-9][0-9]{0,11}$/;
type Invited = AnswerOf<typeof liveRoomCalls.invitedPeople>;

/** The invite a visitor came with waits in this tab until they log in; then it is credited once and dropped. */
const pendingKey = (planId: string) => `liveInvite:${planId}`;

/** Counts the signed-in viewer in the room's audience once, crediting the invite they came with (ADR 081). */
function useJoinAudience(planId: string, invite: string, userId: number | string | undefined) {
  const { t } = useTranslation("liveInvite");
  useEffect(() => {
    if (!PLAN_ID.test(planId)) return;
    if (INVITE_CODE.test(invite)) writeStorage(pendingKey(planId), invite, "visit");
    if (userId === undefined) return;
    const pending = readStorage(pendingKey(planId), "visit") ?? "";
    void callLiveRoom(liveRoomCalls.joinAudience, { planId, ...(pending ? { invite: pending } : {}) }).then((answer) => {
      if (!isSuccess(answer) || !answer.data) return;
      writeStorage(pendingKey(planId), null, "visit");
      if (answer.data.invited) showToast(t("welcome"), "success");
    });
  }, [planId, invite, userId, t]);
}

/** A live room's invitations: the viewer's own link to share and who came through it. */
export default function LiveInvite({ props }: WidgetRenderProps<LiveInviteProps>) {
  const { t } = useTranslation("liveInvite");
  const lang = useLang();
  const hydrated = useHydrated();
  const user = useViewer();
  const planId = asText(props.planId);
  const linkId = useId();
  const [code, setCode] = useState<string | null>(null);
  const [invited, setInvited] = useState<Invited | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  useJoinAudience(planId, asText(props.invite), user?.id);

  const open = useCallback(async () => {
    if (!requireLogin()) return;
    setBusy(true);
    setFailed(false);
    const [mine, people] = await Promise.all([callLiveRoom(liveRoomCalls.myInvite, { planId }), callLiveRoom(liveRoomCalls.invitedPeople, { planId })]);
    setBusy(false);
    if (!isSuccess(mine) || !mine.data || !isSuccess(people) || !people.data) return setFailed(true);
    setCode(mine.data.code);
    setInvited(people.data);
  }, [planId]);

  if (!hydrated || !PLAN_ID.test(planId)) return null;
  const link = code ? inviteLink(window.location.origin, planId, code) : "";
  const copy = async () => showToast((await copyText(link)) ? t("copied") : t("copyFailed"), "success");
  return (
    <section className="live-invite" aria-label={t("title")}>
      {!code ? (
        <button type="button" className="button" disabled={busy} onClick={() => void open()}>
          {user ? t("open") : t("loginFirst")}
        </button>
      ) : (
        <>
          <label htmlFor={linkId}>{t("linkLabel")}</label>
          <div className="live-invite-link">
            <input id={linkId} readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
            <button type="button" className="button button-primary" onClick={() => void copy()}>
              {t("copy")}
            </button>
          </div>
          <h3>{t("invitedTitle", { count: invited?.total ?? 0 })}</h3>
          {invited?.list.length ? (
            <ul className="live-invite-people">
              {invited.list.map((person) => (
                <li key={`${person.joinTime} ${person.name}`}>{(lang === "en" ? person.nameEn : person.name) || t("someone")}</li>
              ))}
            </ul>
          ) : (
            <p className="live-invite-none">{t("invitedNone")}</p>
          )}
        </>
      )}
      {failed && (
        <p className="live-invite-error" role="alert">
          {t("failed")}
        </p>
      )}
    </section>
  );
}

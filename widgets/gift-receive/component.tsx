import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { GiftReceiveProps } from "@schemas/generated/page-config";
import "./gift-receive.css";
import { usePage } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, showFailure } from "../kit/api";
import { memberCalls } from "../kit/calls/member";
import { requireLogin } from "../kit/session";
import { SmartLink } from "../kit/links";
import { dayKey } from "../kit/format";
import type { MembersFriendCardDetailAnswer } from "../kit/contracts";

type Gift = MembersFriendCardDetailAnswer;

export default function GiftReceive({ props, data }: WidgetRenderProps<GiftReceiveProps>) {
  const { t } = useTranslation("points");
  const page = usePage();
  const gift = data?.status === "ok" ? (data.value as Gift | null) : null;
  const [busy, setBusy] = useState(false);
  const [receivedUntil, setReceivedUntil] = useState<string | null>(null);
  if (!gift) return null;

  const receive = async () => {
    if (!requireLogin()) return;
    setBusy(true);
    const answer = await callApi(memberCalls.receiveGift, { code: page.view.query.code });
    setBusy(false);
    if (answer.code !== 200 || !answer.data) return showFailure(answer);
    setReceivedUntil(answer.data.expiresAt);
  };

  const blocked = gift.mine ? "gift.ownText" : gift.status === "received" ? "gift.receivedBy" : gift.status === "expired" ? "gift.expiredText" : null;
  return (
    <section className="gift-receive">
      <div className="gift-envelope">
        <p>{t("gift.from", { name: gift.giverName })}</p>
        <h1>{gift.title}</h1>
        <strong>{t("gift.days", { count: gift.days })}</strong>
        {gift.status === "waiting" && <small>{t("gift.validUntil", { date: dayKey(gift.validUntil) })}</small>}
      </div>
      {receivedUntil ? (
        <div aria-live="polite" className="gift-outcome">
          <p>{t("gift.received", { date: dayKey(receivedUntil) })}</p>
          <SmartLink to={props.memberLink} className="button button-primary">
            {t("gift.toMember")}
          </SmartLink>
        </div>
      ) : blocked ? (
        <p className="gift-outcome">{t(blocked)}</p>
      ) : (
        <button type="button" className="button button-primary gift-button" disabled={busy} onClick={() => void receive()}>
          {busy ? t("gift.receiving") : t("gift.receive")}
        </button>
      )}
    </section>
  );
}

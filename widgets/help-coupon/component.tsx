import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { HelpCouponProps } from "@schemas/generated/page-config";
import "./help-coupon.css";
import { usePage, useViewer, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, showFailure } from "../kit/api";
import { orderCalls } from "../kit/calls/order";
import { requireLogin, showToast } from "../kit/session";
import { copyText } from "../kit/browser";
import { formatFen } from "../kit/format";
import { SmartLink } from "../kit/links";
import type { ActivityGiveCouponGetGiveLinkAnswer } from "../kit/contracts";

export type HelpLink = ActivityGiveCouponGetGiveLinkAnswer;

/** The viewer's own help link (made on first visit) or, opened from a shared link, the friend's, with its progress. */
export default function HelpCoupon({ props }: WidgetRenderProps<HelpCouponProps>) {
  const { t } = useTranslation("order");
  const page = usePage();
  const viewer = useViewer();
  const code = String(page.view.query.code ?? "");
  const [link, setLink] = useState<HelpLink | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [offer, setOffer] = useState<{ active: boolean; coupon: HelpLink["coupon"] | null } | null>(null);

  useEffect(() => {
    if (code || viewer) return;
    void callApi(orderCalls.activityCoupon, { type: "help" }).then((answer) => setOffer(answer.code === 200 ? (answer.data ?? null) : null));
  }, [code, viewer?.id]);

  useEffect(() => {
    if (!code && !viewer) return;
    const answer = code ? callApi(orderCalls.helpLink, { code }) : callApi(orderCalls.myHelpLink);
    void answer.then((result) => {
      if (result.code === 200 && result.data) setLink(result.data);
      else setMissing(true);
    });
  }, [code, viewer?.id]);

  const help = async () => {
    if (!requireLogin()) return;
    setBusy(true);
    const answer = await callApi(orderCalls.help, { code });
    setBusy(false);
    if (answer.code !== 200 || !answer.data) return showFailure(answer);
    setLink(answer.data);
    showToast(t("help.thanks"), "success");
  };

  const share = async () => {
    if (!link) return;
    const copied = await copyText(`${window.location.origin}${page.view.path}?code=${link.code}`);
    showToast(copied ? t("help.copied") : link.code, copied ? "success" : "error");
  };

  if (missing) return <StateNotice kind="notFound" className="help-missing" text={t("help.missing")} />;
  if (!link) {
    return (
      <section className="help-coupon">
        <h1>{t("help.title")}</h1>
        {offer?.coupon && (
          <div className="help-ticket">
            <strong>{formatFen(offer.coupon.amountFen)}</strong>
            <span>{offer.coupon.title}</span>
          </div>
        )}
        {offer && !offer.active && <p>{t("help.missing")}</p>}
        {!code && !viewer && offer?.active !== false && (
          <button type="button" className="button button-primary" onClick={() => requireLogin()}>
            {t("help.login")}
          </button>
        )}
      </section>
    );
  }
  return (
    <section className="help-coupon">
      <h1>{link.isOwner ? t("help.title") : t("help.friendTitle", { name: link.ownerName })}</h1>
      <div className="help-ticket">
        <strong>{formatFen(link.coupon.amountFen)}</strong>
        <span>{link.coupon.title}</span>
      </div>
      <p>{t("help.intro", { count: link.needed })}</p>
      <progress className="help-progress" max={link.needed} value={Math.min(link.helpers, link.needed)} />
      <p className="help-count">{t("help.progress", { helpers: link.helpers, needed: link.needed })}</p>
      {link.unlocked ? (
        <>
          <p className="help-unlocked">{link.isOwner ? t("help.unlocked") : t("help.unlockedForFriend", { name: link.ownerName })}</p>
          {link.isOwner && (
            <SmartLink to={props.couponsLink} className="button button-primary">
              {t("help.viewCoupons")}
            </SmartLink>
          )}
        </>
      ) : link.isOwner ? (
        <button type="button" className="button button-primary" onClick={() => void share()}>
          {t("help.share")}
        </button>
      ) : (
        <button type="button" className="button button-primary" disabled={busy || link.helped} onClick={() => void help()}>
          {link.helped ? t("help.helped") : t("help.helpButton")}
        </button>
      )}
    </section>
  );
}

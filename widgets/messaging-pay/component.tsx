import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MessagingPayProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, useHydrated } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, isSuccess } from "../kit/api";
import { messagingPayCalls } from "../kit/calls/messaging-pay";
import { cashierReturn, payWithBridge, readStorage, writeStorage } from "../kit/browser";
import { Link } from "../kit/links";

/** The person's openid in the messaging app, kept for this visit once the platform gave it. */
const OPENID_KEY = "messagingOpenid";

/** The messaging app's OAuth page a refusal for want of the person's openid names, if it does. */
function authorizeUrlOf(data: unknown): string | null {
  return typeof data === "object" && data !== null && "authorizeUrl" in data && typeof data.authorizeUrl === "string" ? data.authorizeUrl : null;
}

/** The openid: exchanged from the code the app sent the person back with, or the one kept from earlier in the visit. */
async function openidOf(code: string): Promise<{ openid: string } | { problem: string }> {
  if (!code) return { openid: readStorage(OPENID_KEY, "visit") ?? "" };
  const answer = await callApi(messagingPayCalls.openidByCode, { code });
  if (!isSuccess(answer) || !answer.data) return { problem: answer.message ?? "" };
  writeStorage(OPENID_KEY, answer.data.openid, "visit");
  return { openid: answer.data.openid };
}

/**
 * Pays one payment attempt in the messaging app's browser (ADR 092): through the app's OAuth when the platform has no
 * openid of the person's, then the JSAPI payment in the app's cashier (the simulator's page locally); then back.
 */
export default function MessagingPay({ props }: WidgetRenderProps<MessagingPayProps>) {
  const { t } = useTranslation("order");
  const hydrated = useHydrated();
  const paymentNo = asText(props.paymentNo);
  const [returnTo, setReturnTo] = useState("/myOrder");
  const code = asText(props.code);
  const [problem, setProblem] = useState("");
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!hydrated || !paymentNo) return;
    let current = true;
    const back = cashierReturn(paymentNo);
    setReturnTo(back);
    const pay = async () => {
      const identity = await openidOf(attempt === 0 ? code : "");
      if ("problem" in identity) return setProblem(identity.problem || t("messagingPay.failed"));
      const redirectPath = `${window.location.pathname}?paymentNo=${encodeURIComponent(paymentNo)}`;
      const answer = await callApi(messagingPayCalls.jsapi, { paymentNo, openid: identity.openid, redirectPath });
      if (!current) return;
      const authorizeUrl = authorizeUrlOf(answer.data);
      // Sent to the app's OAuth once: coming back with a code that still fails is shown, never looped.
      if (!isSuccess(answer) && authorizeUrl && (attempt > 0 || !code)) return window.location.replace(authorizeUrl);
      if (!isSuccess(answer) || !answer.data) return setProblem(answer.message || t("messagingPay.failed"));
      if (answer.data.simulatorUrl) return window.location.replace(`${answer.data.simulatorUrl}&returnTo=${encodeURIComponent(back)}`);
      const outcome = await payWithBridge(answer.data.params);
      if (outcome === "absent" || outcome === "fail") return setProblem(t("messagingPay.failed"));
      window.location.replace(back);
    };
    void pay();
    return () => {
      current = false;
    };
  }, [hydrated, paymentNo, code, attempt]);

  return (
    <section className="messaging-pay" aria-live="polite">
      {problem ? (
        <>
          <p className="messaging-pay-error" role="alert">
            {problem}
          </p>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setProblem("");
              setAttempt(attempt + 1);
            }}
          >
            {t("messagingPay.retry")}
          </button>
        </>
      ) : (
        <p>{t("messagingPay.opening")}</p>
      )}
      <Link to={returnTo}>{t("messagingPay.back")}</Link>
    </section>
  );
}

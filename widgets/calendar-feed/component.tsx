import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CalendarFeedProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, useHydrated, useLang, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, isSuccess } from "../kit/api";
import { eventCalls } from "../kit/calls/event";
import { askedToLogIn, showToast } from "../kit/session";
import { copyText } from "../kit/browser";

/** The feed's addresses on this site: https for copying anywhere, webcal:// for the phone's calendar to subscribe. */
function feedAddresses(token: string, lang: string): { https: string; webcal: string } {
  const https = new URL(`/calendar/feed/${token}.ics${lang === "en" ? "?lang=en" : ""}`, window.location.origin).toString();
  return { https, webcal: https.replace(/^https?:/, "webcal:") };
}

/** The person's private calendar feed: shown, copied, subscribed to, or reset (the old address then answers 404). */
export default function CalendarFeed({ props }: WidgetRenderProps<CalendarFeedProps>) {
  const { t } = useTranslation("share");
  const lang = useLang();
  const hydrated = useHydrated();
  const viewer = useViewer();
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const viewerId = viewer?.id ?? null;

  useEffect(() => {
    if (!hydrated || viewerId === null) return;
    let current = true;
    void callApi(eventCalls.feedToken).then((answer) => {
      if (!current || askedToLogIn(answer)) return;
      // A create or reset answered meanwhile is newer than this read: it wins.
      if (isSuccess(answer) && answer.data) setToken((known) => (known === undefined || known === null ? (answer.data?.feedToken ?? null) : known));
      else showToast(answer.message || t("feed.failed"), "error");
    });
    return () => {
      current = false;
    };
  }, [hydrated, viewerId]);

  const change = async (call: typeof eventCalls.createFeedToken | typeof eventCalls.resetFeedToken) => {
    if (busy) return;
    if (call === eventCalls.resetFeedToken && !window.confirm(t("feed.resetConfirm"))) return;
    setBusy(true);
    const answer = await callApi(call);
    setBusy(false);
    if (askedToLogIn(answer)) return;
    if (!isSuccess(answer) || !answer.data?.feedToken) {
      showToast(answer.message || t("feed.failed"), "error");
      return;
    }
    setToken(answer.data.feedToken);
    if (call === eventCalls.resetFeedToken) showToast(t("feed.resetDone"), "success");
  };

  const copy = async (text: string) => {
    const copied = await copyText(text);
    showToast(t(copied ? "feed.copied" : "feed.copyFailed"), copied ? "success" : "error");
  };

  const title = asText(props.title) || t("feed.title");
  const addresses = token ? feedAddresses(token, lang) : null;
  return (
    <section className="calendar-feed">
      <h2 className="calendar-feed-title">{title}</h2>
      <p className="calendar-feed-text">{t("feed.intro")}</p>
      {token === undefined && <p className="calendar-feed-text">{t("feed.loading")}</p>}
      {token === null && (
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void change(eventCalls.createFeedToken)}>
          {t("feed.create")}
        </button>
      )}
      {addresses && (
        <>
          <a className="button button-primary calendar-feed-subscribe" href={addresses.webcal}>
            {t("feed.subscribe")}
          </a>
          {[
            { label: t("feed.webcal"), value: addresses.webcal },
            { label: t("feed.https"), value: addresses.https },
          ].map((address) => (
            <div key={address.label} className="calendar-feed-address">
              <span className="calendar-feed-label">{address.label}</span>
              <code className="calendar-feed-url">{address.value}</code>
              <button type="button" className="button" onClick={() => void copy(address.value)}>
                {t("feed.copy")}
              </button>
            </div>
          ))}
          <a className="calendar-feed-link" href={addresses.https} download="econscholar.ics">
            {t("feed.download")}
          </a>
          <p className="calendar-feed-warning">{t("feed.private")}</p>
          <button type="button" className="button calendar-feed-reset" disabled={busy} onClick={() => void change(eventCalls.resetFeedToken)}>
            {t("feed.reset")}
          </button>
        </>
      )}
    </section>
  );
}

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActionBarProps } from "@schemas/generated/page-config";
import { configureMessagingShare, isMessagingAppBrowser } from "../kit/browser";
import "./styles.css";
import { asText, useLang, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, isSuccess } from "../kit/api";
import { shareCalls } from "../kit/calls/share";
import { socialCalls } from "../kit/calls/social";
import { checkTask } from "../kit/account";
import { askedToLogIn, requireLogin, showToast } from "../kit/session";
import { formatCount } from "../kit/format";
import { copyText } from "../kit/browser";

type Toggle = "praise" | "collect";

const CALLS = {
  praise: { call: socialCalls.praise, flag: "praised", count: "praiseCount" },
  collect: { call: socialCalls.collect, flag: "collected", count: "collectCount" },
} as const;
const LABELS: Record<Toggle, { off: string; on: string }> = {
  praise: { off: "actions.praise", on: "actions.praised" },
  collect: { off: "actions.collect", on: "actions.collected" },
};

const ICONS: Record<Toggle | "share", string> = {
  praise: "M7 10v10H4V10zm2 10h8.3a2 2 0 0 0 2-1.6l1.2-6A2 2 0 0 0 18.5 10H14l.7-3.6A1.6 1.6 0 0 0 11.8 5L9 10z",
  collect: "M12 3.5l2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z",
  share: "M18 8a3 3 0 1 0-2.8-4M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm12 6a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4",
};

function Icon({ name }: { name: Toggle | "share" }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d={ICONS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** The person's marks and the counts as the platform answered them for the item. */
function marksOf(item: Record<string, unknown>) {
  return {
    praised: item.praised === true,
    collected: item.collected === true,
    praiseCount: Number(item.praiseCount) || 0,
    collectCount: Number(item.collectCount) || 0,
  };
}

/** Praise, collect and share for one item; the counts follow the platform's answers. Another item starts afresh. */
export default function ActionBar(render: WidgetRenderProps<ActionBarProps>) {
  const item = render.props.item as unknown as { id?: unknown } | undefined;
  return <ItemActions key={String(item?.id)} {...render} />;
}

function ItemActions({ props }: WidgetRenderProps<ActionBarProps>) {
  const { t } = useTranslation("common");
  const lang = useLang();
  const item = (props.item && typeof props.item === "object" ? props.item : {}) as unknown as Record<string, unknown>;
  const id = Number(item.id);
  const [state, setState] = useState(() => marksOf(item));
  // A page shared by the viewer's class renders a visitor's marks; the person's own arrive as a new answer (ADR 099).
  const answered = JSON.stringify(marksOf(item));
  const [shown, setShown] = useState(answered);
  if (shown !== answered) {
    setShown(answered);
    setState(marksOf(item));
  }
  const [busy, setBusy] = useState<Toggle | null>(null);
  const [hint, setHint] = useState(false);
  const [shares, setShares] = useState<number | null>(null);
  const signedIn = useViewer() !== null;
  const actions = props.actions;
  const shareTitle = asText(props.shareTitle) || asText(item[lang === "en" && item.titleEn ? "titleEn" : "title"]);

  useEffect(() => {
    if (actions.includes("share") && isMessagingAppBrowser(navigator.userAgent)) void configureMessagingShare(shareTitle, document.title);
  }, [shareTitle]);

  useEffect(() => {
    if (!actions.includes("share") || !Number.isSafeInteger(id) || id <= 0) return;
    void callApi(shareCalls.count, { itemId: id }).then((answer) => isSuccess(answer) && answer.data && setShares(answer.data.count));
  }, [id]);

  /** A signed-in person's share is recorded (once per channel a day, ADR 092); a visitor's link is copied all the same. */
  const recordShare = async (channel: "link" | "messagingApp") => {
    if (!signedIn) return;
    const answer = await callApi(shareCalls.record, { itemId: id, channel });
    if (isSuccess(answer) && answer.data) setShares(answer.data.count);
  };

  const toggle = async (action: Toggle) => {
    if (!requireLogin() || busy) return;
    setBusy(action);
    const call = CALLS[action];
    const envelope = await callApi(call.call, { id });
    setBusy(null);
    if (askedToLogIn(envelope)) return;
    if (!isSuccess(envelope) || !envelope.data) {
      showToast(envelope.message || t("actions.failed"), "error");
      return;
    }
    const answer: Record<string, unknown> = envelope.data;
    setState((current) => ({ ...current, [call.flag]: answer[call.flag] === true, [call.count]: Number(answer[call.count]) || 0 }));
    if (action === "collect" && answer.collected === true && props.collectTask) void checkTask(props.collectTask, { executeId: String(id) });
  };

  const share = async () => {
    const shared = () => props.shareTask && void checkTask(props.shareTask, { executeId: String(id) });
    if (isMessagingAppBrowser(navigator.userAgent)) {
      setHint(true);
      shared();
      void recordShare("messagingApp");
      return;
    }
    const copied = await copyText(window.location.href);
    showToast(copied ? t("actions.copied") : t("actions.copyFailed"), copied ? "success" : "error");
    if (!copied) return;
    shared();
    void recordShare("link");
  };

  return (
    <div className="action-bar">
      {actions.map((action) => {
        if (action === "share") {
          const counted = shares ? t("actions.shares", { count: shares, shown: formatCount(shares, lang) }) : "";
          return (
            <button
              key={action}
              type="button"
              className="action action-share"
              aria-label={counted ? `${t("actions.share")} · ${counted}` : undefined}
              onClick={() => void share()}
            >
              <Icon name="share" />
              <span>{counted || t("actions.share")}</span>
            </button>
          );
        }
        const on = action === "praise" ? state.praised : state.collected;
        const count = action === "praise" ? state.praiseCount : state.collectCount;
        return (
          <button
            key={action}
            type="button"
            className={on ? `action action-${action} on` : `action action-${action}`}
            aria-pressed={on}
            disabled={busy === action}
            onClick={() => void toggle(action)}
          >
            <Icon name={action} />
            <span>{t(on ? LABELS[action].on : LABELS[action].off)}</span>
            <span className="action-count">{formatCount(count, lang)}</span>
          </button>
        );
      })}
      {hint && (
        // biome-ignore lint/a11y/useKeyWithClickEvents: tapping outside dismisses; the close button inside is the keyboard path
        <div className="share-hint" role="dialog" aria-modal="true" aria-label={t("actions.share")} onClick={() => setHint(false)}>
          <p>{t("actions.shareHint")}</p>
          <button type="button" className="button button-light" onClick={() => setHint(false)}>
            {t("actions.shareHintClose")}
          </button>
        </div>
      )}
    </div>
  );
}

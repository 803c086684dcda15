import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ShareActionsProps } from "@schemas/generated/page-config";
import "./styles.css";
import { useHydrated, useLang, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, isSuccess } from "../kit/api";
import { eventCalls } from "../kit/calls/event";
import { shareCalls } from "../kit/calls/share";
import { askedToLogIn, requireLogin, showToast } from "../kit/session";

const ICONS = {
  calendar: "M7 3v3M17 3v3M4 9h16M5 5.5h14a1 1 0 0 1 1 1V19a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6.5a1 1 0 0 1 1-1zM8 13h3v3H8z",
  bell: "M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0",
  picture: "M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5a1.5 1.5 0 1 0 0-.01",
} as const;

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d={ICONS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** The item's id as the server's paths take it, or null for anything else (a binding that found nothing). */
function itemId(value: unknown): string | null {
  const text = String(value ?? "");
  return /^[1-9][0-9]{0,15}$/.test(text) ? text : null;
}

/**
 * Add to calendar, remind me and share as a picture. The calendar and the poster are plain links to real URLs, so they
 * work before (and without) scripts; once hydrated, the poster opens in an overlay where a phone's long-press saves it.
 */
export default function ShareActions({ props }: WidgetRenderProps<ShareActionsProps>) {
  const { t } = useTranslation("share");
  const lang = useLang();
  const hydrated = useHydrated();
  const viewer = useViewer();
  const id = itemId(props.id);
  const [posterOpen, setPosterOpen] = useState(false);
  const [reminded, setReminded] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const remindable = props.kind === "live" && props.remind && id !== null;
  const viewerId = viewer?.id ?? null;

  useEffect(() => {
    if (!remindable || viewerId === null) {
      setReminded(null);
      return;
    }
    let current = true;
    void callApi(eventCalls.liveReminder, { planId: id }).then((answer) => {
      if (current && isSuccess(answer) && answer.data) setReminded(answer.data.remind);
    });
    return () => {
      current = false;
    };
  }, [remindable, viewerId, id]);

  useEffect(() => {
    if (!posterOpen) return;
    const close = (event: KeyboardEvent) => event.key === "Escape" && setPosterOpen(false);
    window.addEventListener("keydown", close);
    return () => window.removeEventListener("keydown", close);
  }, [posterOpen]);

  if (id === null) return null;
  const query = lang === "en" ? "?lang=en" : "";
  const posterUrl = `/poster/${props.kind}/${id}.png${query}`;
  const downloadUrl = `/poster/${props.kind}/${id}.png?${lang === "en" ? "lang=en&" : ""}download=1`;

  const toggleReminder = async () => {
    if (!requireLogin() || busy) return;
    setBusy(true);
    const answer = await callApi(eventCalls.setLiveReminder, { planId: id, remind: !reminded });
    setBusy(false);
    if (askedToLogIn(answer)) return;
    if (!isSuccess(answer) || !answer.data) {
      showToast(answer.message || t("feed.failed"), "error");
      return;
    }
    setReminded(answer.data.remind);
    showToast(answer.message ?? "", "success");
  };

  return (
    <div className="share-actions">
      {props.calendar && props.kind !== "paper" && (
        <a className="share-action" href={`/calendar/${props.kind}/${id}.ics${query}`} download={`${props.kind}-${id}.ics`} rel="nofollow">
          <Icon name="calendar" />
          <span>{t("calendar.add")}</span>
        </a>
      )}
      {remindable && (
        <button
          type="button"
          className={reminded ? "share-action on" : "share-action"}
          aria-pressed={reminded === true}
          disabled={busy || !hydrated}
          title={t("calendar.remindHint")}
          onClick={() => void toggleReminder()}
        >
          <Icon name="bell" />
          <span>{t(reminded ? "calendar.reminding" : "calendar.remind")}</span>
        </button>
      )}
      {props.poster && (
        <a
          className="share-action"
          href={posterUrl}
          target="_blank"
          rel="noopener nofollow"
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            setPosterOpen(true);
            // The poster opened is a share (ADR 092), recorded for a signed-in person once a day.
            if (viewerId !== null) void callApi(shareCalls.record, { itemId: Number(id), channel: "poster" });
          }}
        >
          <Icon name="picture" />
          <span>{t("poster.share")}</span>
        </a>
      )}
      {posterOpen && <PosterOverlay src={posterUrl} download={downloadUrl} onClose={() => setPosterOpen(false)} />}
    </div>
  );
}

function PosterOverlay({ src, download, onClose }: { src: string; download: string; onClose: () => void }) {
  const { t } = useTranslation("share");
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const closeButton = useRef<HTMLButtonElement>(null);
  // The dialog takes the focus as it opens, so Escape and the keyboard act on it.
  useEffect(() => closeButton.current?.focus(), []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: tapping the backdrop closes; Escape and the close button are the keyboard path
    <div
      className="poster-overlay"
      role="dialog"
      aria-modal="true"
      aria-label={t("poster.title")}
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="poster-sheet">
        <p className="poster-hint">{t(state === "failed" ? "poster.failed" : state === "loading" ? "poster.loading" : "poster.hint")}</p>
        {state !== "failed" && (
          <img
            className={state === "ready" ? "poster-image" : "poster-image loading"}
            src={src}
            width={750}
            height={1200}
            alt={t("poster.title")}
            onLoad={() => setState("ready")}
            onError={() => setState("failed")}
          />
        )}
        <div className="poster-buttons">
          {state === "ready" && (
            <a className="button button-primary" href={download} download>
              {t("poster.download")}
            </a>
          )}
          <button type="button" className="button" ref={closeButton} onClick={onClose}>
            {t("poster.close")}
          </button>
        </div>
      </div>
    </div>
  );
}

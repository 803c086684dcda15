import { useEffect, useState } from "react";
import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import type { TaskStepProps } from "@schemas/generated/page-config";
import "./task-step.css";
import { asText, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { $playDuration, $playStatus } from "../kit/browser";
import { checkTask } from "../kit/account";

const TICK_MS = 1000;
const PLAYING = 1;
/** Of a clip shorter than the task's time, this share watched counts: ticks are whole seconds and can miss the last one. */
const WATCHED_SHARE = 0.9;

/** Seconds of playback a step needs: the task's time, or most of a clip that is shorter (a 6 s clip never plays 30 s). */
export function secondsNeeded(afterSeconds: number, mediaSeconds: number): number {
  if (mediaSeconds <= 0) return afterSeconds;
  return Math.min(afterSeconds, Math.max(1, Math.floor(mediaSeconds * WATCHED_SHARE)));
}

/**
 * Reports one task step after the viewer really spent the time: seconds are counted only while the page is visible (and
 * playing). While playing counts, a signed-in viewer sees how far the step has come.
 */
export default function TaskStep({ props }: WidgetRenderProps<TaskStepProps>) {
  const viewer = useViewer();
  const executeId = asText(props.executeId);
  if (!viewer || !executeId) return null;
  return <Step key={`${viewer.id}:${executeId}`} {...props} executeId={executeId} />;
}

function Step({ moduleId, executeId, afterSeconds, counting }: TaskStepProps & { executeId: string }) {
  const { t } = useTranslation("taskStep");
  const whilePlaying = counting === "whilePlaying";
  const duration = useStore($playDuration);
  // The media's length counts from the first effect on: the server knew none, and the hydrating render must say the same.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const needed = secondsNeeded(afterSeconds, mounted ? duration : 0);
  const [seconds, setSeconds] = useState(0);
  const counted = seconds >= needed;

  useEffect(() => {
    if (counted) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible" && (!whilePlaying || $playStatus.get() === PLAYING)) setSeconds((spent) => spent + 1);
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [counted]);

  useEffect(() => {
    if (counted) void checkTask(moduleId, { executeId });
  }, [counted]);

  if (!whilePlaying) return null;
  const played = Math.min(seconds, needed);
  return (
    <p className="task-step" data-testid="task-step">
      <span>{counted ? t("counted") : t("need", { count: needed })}</span>
      <progress max={needed} value={played} aria-label={t("played", { seconds: played })} />
    </p>
  );
}

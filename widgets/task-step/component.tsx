import { useEffect } from "react";
import type { TaskStepProps } from "@schemas/generated/page-config";
import { asText, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { $playStatus } from "../kit/browser";
import { checkTask } from "../kit/account";

const TICK_MS = 1000;
const PLAYING = 1;

/** Reports one task step after the viewer really spent the time: seconds are counted only while the page is visible (and playing). */
export default function TaskStep({ props }: WidgetRenderProps<TaskStepProps>) {
  const viewer = useViewer();
  const executeId = asText(props.executeId);
  useEffect(() => {
    if (!viewer || !executeId) return;
    let seconds = 0;
    const timer = window.setInterval(() => {
      const counting = document.visibilityState === "visible" && (props.counting !== "whilePlaying" || $playStatus.get() === PLAYING);
      if (counting) seconds++;
      if (seconds < props.afterSeconds) return;
      window.clearInterval(timer);
      void checkTask(props.moduleId, { executeId });
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [viewer?.id, executeId, props.moduleId]);
  return null;
}

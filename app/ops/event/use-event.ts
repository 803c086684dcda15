import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { OPS_EVENT_API, type OpsEvent, type OpsEventSaveRequest } from "@contracts/ops-event";
import type { OpsProblem } from "@contracts/ops";
import { opsGet, opsPost } from "~/ops/api";
import { errorText } from "~/ops/format";

export type EventPart = "details" | "signUp" | "guests" | "agenda";

export interface SaveOutcome {
  part: EventPart;
  kind: "done" | "error";
  message: string;
  problems: OpsProblem[];
}

/** The event beside the page: read once, saved a part at a time; a refused save keeps what the operator typed. */
export function useEvent(specialId: number) {
  const { t } = useTranslation(["opsEditor", "ops"]);
  const [event, setEvent] = useState<OpsEvent | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [saving, setSaving] = useState<EventPart | null>(null);

  useEffect(() => {
    let current = true;
    void opsGet<OpsEvent>(OPS_EVENT_API.event, { specialId }).then((answer) => {
      if (!current) return;
      if (answer.ok) setEvent(answer.data);
      else setLoadError(errorText(answer.error, t));
    });
    return () => {
      current = false;
    };
  }, [specialId, t]);

  const save = useCallback(
    async (part: EventPart, value: OpsEventSaveRequest[EventPart]): Promise<boolean> => {
      setSaving(part);
      const answer = await opsPost<OpsEvent>(OPS_EVENT_API.saveEvent, { specialId, [part]: value });
      setSaving(null);
      if (answer.ok) {
        setEvent(answer.data);
        setOutcome({ part, kind: "done", message: t(`opsEditor:event.saved.${part}`), problems: [] });
        return true;
      }
      setOutcome({ part, kind: "error", message: errorText(answer.error, t), problems: answer.error.problems ?? [] });
      return false;
    },
    [specialId, t],
  );

  return { event, loadError, outcome, saving, save };
}

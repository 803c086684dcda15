import type { TFunction } from "i18next";
import type { OpsErrorAnswer, OpsPageStatus } from "@contracts/ops";

/** What an answer's error says, or, when the server could not be reached, that it could not. */
export function errorText(error: OpsErrorAnswer, t: TFunction): string {
  return error.message || t("ops:errors.unavailable");
}

export const STATUS_CLASS: Record<OpsPageStatus, string> = {
  live: "ops-status ops-status-live",
  scheduled: "ops-status ops-status-scheduled",
  closed: "ops-status ops-status-closed",
  unpublished: "ops-status ops-status-unpublished",
};

/** The console's link to a page's editor. */
export function editorPath(path: string): string {
  return `/ops/edit?path=${encodeURIComponent(path)}`;
}

import type { OpsAuditEntry } from "@contracts/ops.ts";
import { audit, ConsoleRefusal } from "./answers.server.ts";
import type { SqlRunner } from "./sql-engine.server.ts";

/** Autosaves closer together than this, with nothing else by that person between, are one burst (one row). */
export const AUTOSAVE_BURST_MS = 10 * 60_000;

/** The actions the "refused" filter stands for: sign-ins, publishes and calls the console refused. */
export const REFUSED_ACTIONS = ["loginRefused", "publishRefused", "forbidden"] as const;

export interface AuditFilter {
  actor?: string;
  path?: string;
  /** An action, or "refused" for every refusal. */
  action?: string;
  /** A day in Beijing time, YYYY-MM-DD. */
  day?: string;
  before?: number;
  limit: number;
}

/**
 * A draft's autosave in the audit log (ADR 078): when the person's last entry is an autosave of the same page less than
 * AUTOSAVE_BURST_MS ago, that row counts one more save and moves to now; otherwise a new row starts the burst.
 */
export async function auditAutosave(tx: SqlRunner, at: Date, actor: string, path: string): Promise<void> {
  const last = await tx.get<{ id: number; action: string; path: string | null; at: string }>(
    "SELECT id, action, path, at FROM ops_audit WHERE actor = ? ORDER BY id DESC LIMIT 1",
    [actor],
  );
  const sameBurst = last?.action === "saveDraft" && last.path === path && at.getTime() - new Date(last.at).getTime() < AUTOSAVE_BURST_MS;
  if (sameBurst) await tx.run("UPDATE ops_audit SET repeats = repeats + 1, at = ? WHERE id = ?", [at.toISOString(), last.id]);
  else await audit(tx, at, actor, "saveDraft", { path });
}

/** The UTC instants a Beijing day starts and ends at (China has kept UTC+8 all year since 1991). */
export function beijingDayRange(day: string): { from: string; until: string } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00+08:00`))) throw new ConsoleRefusal(400, "day must be YYYY-MM-DD");
  const from = new Date(`${day}T00:00:00+08:00`);
  return { from: from.toISOString(), until: new Date(from.getTime() + 86_400_000).toISOString() };
}

/** One page of the audit log, newest first, filtered; the same SQL on both engines. */
export async function auditEntries(runner: SqlRunner, filter: AuditFilter): Promise<OpsAuditEntry[]> {
  const where = ["id < ?"];
  const params: unknown[] = [filter.before ?? Number.MAX_SAFE_INTEGER];
  if (filter.actor) {
    where.push("actor = ?");
    params.push(filter.actor);
  }
  if (filter.path) {
    where.push("path = ?");
    params.push(filter.path);
  }
  if (filter.action === "refused") {
    where.push(`action IN (${REFUSED_ACTIONS.map(() => "?").join(", ")})`);
    params.push(...REFUSED_ACTIONS);
  } else if (filter.action) {
    where.push("action = ?");
    params.push(filter.action);
  }
  if (filter.day) {
    const { from, until } = beijingDayRange(filter.day);
    where.push("at >= ? AND at < ?");
    params.push(from, until);
  }
  return runner.all<OpsAuditEntry>(
    `SELECT id, at, actor, action, path, version, detail, repeats FROM ops_audit WHERE ${where.join(" AND ")} ORDER BY id DESC LIMIT ?`,
    [...params, filter.limit],
  );
}

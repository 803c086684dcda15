import type { OpsAuditAction } from "@contracts/ops.ts";
import type { SqlRunner } from "./sql-engine.server.ts";

/** What a call of the console's store answers: 200 with data, or the refusal's HTTP-like code, message and details. */
export interface ConsoleAnswer {
  code: number;
  message?: string;
  data?: unknown;
}

/** One call of the console's store: its parameters, the staff session token, and the caller's address. */
export interface ConsoleCall {
  params: Record<string, unknown>;
  session?: string;
  ip?: string;
  at: Date;
}

export const ok = (data?: unknown): ConsoleAnswer => ({ code: 200, data });
export const fail = (code: number, message: string, data?: unknown): ConsoleAnswer => ({ code, message, data });

/** A refusal thrown inside the store and answered with its code (409 conflict, 422 invalid…). */
export class ConsoleRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export interface AuditFields {
  path?: string | null;
  version?: number | null;
  detail?: string | null;
  ip?: string;
}

/** One line of the audit log, written with the transaction it belongs to (or alone). */
export async function audit(runner: SqlRunner, at: Date, actor: string, action: OpsAuditAction, fields: AuditFields = {}): Promise<void> {
  await runner.run("INSERT INTO ops_audit (at, actor, action, path, version, detail, ip) VALUES (?, ?, ?, ?, ?, ?, ?)", [
    at.toISOString(),
    actor,
    action,
    fields.path ?? null,
    fields.version ?? null,
    fields.detail ?? null,
    fields.ip ?? null,
  ]);
}

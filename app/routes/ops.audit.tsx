import { AuditScreen } from "~/ops/audit/AuditScreen";

/** Every staff action and refusal, filtered (ADR 078). */
export default function OpsAudit() {
  return <AuditScreen />;
}

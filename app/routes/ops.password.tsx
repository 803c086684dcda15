import { SetPasswordScreen } from "~/ops/staff/SetPasswordScreen";

/** A one-time link's page: open without a session (ADR 078). */
export default function OpsPassword() {
  return <SetPasswordScreen />;
}

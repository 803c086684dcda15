/**
 * The widget kit's account flows: tasks, logging out, the scholar audit. Apart from kit/session, so the many widgets
 * that only toast or ask for a login do not carry these flows and the platform calls behind them (ADR 037).
 */
export { AUDIT_PASSED, checkTask, logout } from "~/account/flows";

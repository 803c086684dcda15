/**
 * The widget kit's account flows: tasks, logging out, the scholar audit, and the person's offline cache. Apart from
 * kit/session, so the many widgets that only toast or ask for a login do not carry these flows and the platform calls
 * behind them (ADR 037).
 *
 * Reading offline (ADR 046): `keepForOffline(paths)` asks the service worker to keep pages of the site (a reading
 * list's saved papers, "/docDetail?id=12") with their scripts, styles and pictures in the person's own cache;
 * `forgetPersonalOffline()` empties that cache (logout does it already).
 */
export { AUDIT_PASSED, checkTask, logout } from "~/account/flows";
export { forgetPersonalOffline, keepForOffline } from "~/offline/personal";

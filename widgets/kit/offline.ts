/**
 * Reading offline (ADR 046): `keepForOffline(paths)` asks the service worker to keep pages of the site (a reading
 * list's saved papers, "/docDetail?id=12") with their scripts, styles and pictures in the person's own cache;
 * `forgetPersonalOffline()` empties that cache (logout does it already). Apart from ./account, whose flows the
 * reading-list widgets would otherwise load with it.
 */
export { forgetPersonalOffline, keepForOffline } from "~/offline/personal";

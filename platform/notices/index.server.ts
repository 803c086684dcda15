/** Notices to one person (ADR 063): any area writes one inside its own transaction; the message centre reads them. */
export { notify, type NoticeInput } from "./rules.server.ts";

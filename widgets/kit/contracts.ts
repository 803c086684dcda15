/**
 * The platform's contracts as types (ADR 067, ADR 104): each answer's data (`MpPaperDetailAnswer`, and the named parts
 * of one, such as `Division`) and each named call's request. A widget types the API data it reads with these rather
 * than declaring its own shape of it; only its own state and props are its own types. Types only: nothing of this
 * module reaches a page's code.
 */
export type * from "@contracts/generated/api";
export type * from "@contracts/generated/requests";

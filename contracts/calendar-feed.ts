/**
 * One entry of a person's private calendar feed, as the platform's `GET /calendar/feed?token=` answers it and our
 * server writes it into the `.ics` feed (ADR 045).
 */
export interface FeedEvent {
  /** Stable across reads, so a calendar app updates an event rather than adding it again. */
  uid: string;
  kind: "live" | "event";
  id: number;
  title: string;
  titleEn: string;
  startTime: string;
  endTime: string | null;
  /** Where it happens: a venue for an event in person, "" for a live (its page is the place). */
  place: string;
  placeEn: string;
  /** The page's path on this site. */
  link: string;
  reason: "reminder" | "signedUp";
  /** The seat the person took at the event, when they took one (e.g. "C-7"). */
  seat: string | null;
}

/** Line icons for the hero's facts, drawn in a 24×24 box. */
export const FACT_ICONS: Record<string, string> = {
  calendar: "M4 6h16v14H4z M4 10h16 M8 3v5 M16 3v5",
  place: "M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z M12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  venue: "M3 20h18 M5 20V9l7-5 7 5v11 M9 20v-6h6v6",
  organizer: "M12 4l9 4-9 4-9-4z M7 10v5c3 2.5 7 2.5 10 0v-5",
  deadline: "M12 21a8 8 0 1 0 0-16 8 8 0 0 0 0 16z M12 9v4l3 2 M9 2h6",
  online: "M3 5h18v11H3z M8 20h8 M12 16v4",
  people: "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6 M16 4.5a3.5 3.5 0 0 1 0 6.5 M18 14c2 .8 3 2.8 3 6",
  seat: "M6 11V5h12v6 M4 11h16v4H4z M6 15v5 M18 15v5",
};

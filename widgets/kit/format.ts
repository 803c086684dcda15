/** The widget kit's formatting: counts and countdowns, and dates and times in Beijing time. */
export { countdownParts, formatCount, formatFen } from "~/format/numbers";
export { dayKey, formatDateRange, formatDay, formatMoment, formatTime } from "~/format/dates";

/** The widget kit's formatting: counts, countdowns, and dates and times in Beijing time. */
export { countdownParts, dayKey, formatCount, formatDateRange, formatDay, formatMoment, formatTime } from "~/format/format";

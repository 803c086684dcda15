import type { TemplateName } from "./start";

/** A small picture per template, drawn in lines so it needs no image file and follows the text colour. */
const SHAPES: Record<TemplateName, string> = {
  // A lectern with a microphone: a conference.
  conference: "M8 30h24M14 30V18h12v12M20 18v-6M17 8a3 3 0 1 0 6 0a3 3 0 1 0-6 0",
  // A screen with a play mark and a stack behind it: a series of live sessions.
  liveSeries: "M6 10h24v16H6zM10 6h24v16M16 14v8l7-4z",
  // A flag on a pole: a campaign.
  campaign: "M10 32V6M10 7h18l-4 6 4 6H10",
  // An open book: a special topic.
  specialTopic: "M20 10c-4-3-10-3-14-1v22c4-2 10-2 14 1c4-3 10-3 14-1V9c-4-2-10-2-14 1zM20 10v22",
};

export function TemplateIcon({ name }: { name: TemplateName }) {
  return (
    <svg className="ops-template-icon" viewBox="0 0 40 40" width={40} height={40} aria-hidden="true">
      <path d={SHAPES[name]} fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A new page started from a template (page-configs/templates/, ADR 077): the template's config with the operator's
 * path, title and event. A template's texts meant to be replaced start with a marker ("【请填写：…】", "[Fill in: …]");
 * each one left is a problem at its field, so a page cannot be published with a template's sample text on it.
 */
import { eventIdOfPage } from "~/ops/event/event-of-page";

/** The templates, in the order the chooser shows them; each is page-configs/templates/<name>.json. */
export const TEMPLATE_NAMES = ["conference", "liveSeries", "campaign", "specialTopic"] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

type Config = Record<string, unknown>;

export interface TemplateStart {
  path: string;
  title: { zh: string; en: string };
  /** The platform event the page signs people up for; null for a template without one. */
  eventId: number | null;
}

const SAMPLE_TEXT = /^(【请填写|\[Fill in)/;

/** Every number equal to the template's event id becomes the chosen one: its data sources, share and calendar ids. */
function withEvent(value: unknown, from: number, to: number): unknown {
  if (value === from) return to;
  if (Array.isArray(value)) return value.map((item) => withEvent(item, from, to));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withEvent(item, from, to)]));
  return value;
}

/** The draft a template starts: its own path, title and event; everything else as the template has it. */
export function startFromTemplate(template: Config, start: TemplateStart): Config {
  const templateEvent = eventIdOfPage(template);
  const wired = templateEvent !== null && start.eventId !== null ? (withEvent(template, templateEvent, start.eventId) as Config) : template;
  return { ...wired, path: start.path, title: { zh: start.title.zh.trim(), en: start.title.en.trim() } };
}

/** Whether a template's page signs people up for an event (the chooser then asks which). */
export const templateHasEvent = (template: Config) => eventIdOfPage(template) !== null;

/** The JSON pointers of the template's sample texts still in a config, in the order the page shows them. */
export function sampleTextPointers(value: unknown, pointer = ""): string[] {
  if (typeof value === "string") return SAMPLE_TEXT.test(value) ? [pointer || "/"] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => sampleTextPointers(item, `${pointer}/${index}`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => sampleTextPointers(item, `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`));
  }
  return [];
}

/**
 * A page config as the sections an operator thinks in: each top-level setting (title, publish window, layout, data
 * sources…) and each widget of the page. Widgets are told apart by their type and how many of that type came before
 * (the second contentList stays the second contentList when a widget above it is removed), so one removed widget is
 * one change, never a shifted list. The publish confirmation lists these changes; a conflict merges by them.
 */

type Config = Record<string, unknown>;

export interface Section {
  /** "setting:title" or "widget:eventGuests#1" (the first eventGuests of the page). */
  key: string;
  kind: "setting" | "widget";
  /** The setting's property or the widget's type. */
  name: string;
  /** For a widget: its position in the page, from 1. */
  position?: number;
  value: unknown;
}

export interface SectionChange {
  key: string;
  kind: Section["kind"];
  name: string;
  op: "added" | "removed" | "changed";
  /** Where the widget is (after the change; before it for a removed one), from 1. */
  position?: number;
  /** The widget's or setting's own fields that differ (top level of its props for a widget). */
  fields: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const isObject = (value: unknown): value is Config => typeof value === "object" && value !== null && !Array.isArray(value);

/** The sections of a config, in the order the page shows them (settings, then widgets top to bottom). */
export function sectionsOf(config: unknown): Section[] {
  if (!isObject(config)) return [];
  const settings: Section[] = Object.entries(config)
    .filter(([name]) => name !== "widgets" && name !== "$schema")
    .map(([name, value]) => ({ key: `setting:${name}`, kind: "setting", name, value }));
  const seen = new Map<string, number>();
  const widgets = (Array.isArray(config.widgets) ? config.widgets : []).map((widget, index): Section => {
    const type = isObject(widget) && typeof widget.type === "string" ? widget.type : "?";
    const count = (seen.get(type) ?? 0) + 1;
    seen.set(type, count);
    return { key: `widget:${type}#${count}`, kind: "widget", name: type, position: index + 1, value: widget };
  });
  return [...settings, ...widgets];
}

/** The fields of two values that differ: a widget's props (and its own data, gate…), a setting's keys. */
function changedFields(before: unknown, after: unknown): string[] {
  if (!isObject(before) || !isObject(after)) return [];
  const flat = (value: Config) => {
    const { props, ...own } = value;
    return isObject(props) ? { ...own, ...props } : value;
  };
  const [from, to] = [flat(before), flat(after)];
  return [...new Set([...Object.keys(from), ...Object.keys(to)])].filter((name) => name !== "type" && !same(from[name], to[name]));
}

/** What changed from one config to another, section by section. */
export function sectionChanges(before: unknown, after: unknown): SectionChange[] {
  const old = new Map(sectionsOf(before).map((section) => [section.key, section]));
  const now = sectionsOf(after);
  const nowKeys = new Set(now.map((section) => section.key));
  const changes: SectionChange[] = [];
  for (const section of now) {
    const was = old.get(section.key);
    const base = { key: section.key, kind: section.kind, name: section.name, position: section.position };
    if (!was) changes.push({ ...base, op: "added", fields: [] });
    else if (!same(was.value, section.value)) changes.push({ ...base, op: "changed", fields: changedFields(was.value, section.value) });
  }
  for (const section of old.values()) {
    if (!nowKeys.has(section.key))
      changes.push({ key: section.key, kind: section.kind, name: section.name, position: section.position, op: "removed", fields: [] });
  }
  return changes;
}

/** Whether two configs say the same thing (a draft equal to what is live has nothing to publish). */
export function sameConfig(a: unknown, b: unknown): boolean {
  return sectionChanges(a, b).length === 0;
}

export type SectionChoice = "mine" | "theirs";

/**
 * Mine and theirs merged section by section: each section as the side chosen for it (a section one side lacks is
 * left out when that side is chosen). Settings keep mine's order; widgets keep mine's order with theirs' own widgets
 * placed after the widget they follow in theirs.
 */
export function mergeBySection(mine: unknown, theirs: unknown, choices: Record<string, SectionChoice>): Config {
  const mineSections = sectionsOf(mine);
  const theirSections = sectionsOf(theirs);
  const theirsByKey = new Map(theirSections.map((section) => [section.key, section]));
  const mineByKey = new Map(mineSections.map((section) => [section.key, section]));
  const pick = (key: string): Section | undefined => (choices[key] === "theirs" ? theirsByKey.get(key) : mineByKey.get(key));
  const order = (kind: Section["kind"]) => {
    const keys = mineSections.filter((section) => section.kind === kind).map((section) => section.key);
    let after = -1;
    for (const section of theirSections.filter((item) => item.kind === kind)) {
      const at = keys.indexOf(section.key);
      if (at >= 0) after = at;
      else keys.splice(++after, 0, section.key);
    }
    return keys;
  };
  const merged: Config = {};
  if (isObject(mine) && "$schema" in mine) merged.$schema = mine.$schema;
  for (const key of order("setting")) {
    const section = pick(key);
    if (section) merged[section.name] = section.value;
  }
  merged.widgets = order("widget").flatMap((key) => {
    const section = pick(key);
    return section ? [section.value] : [];
  });
  return merged;
}

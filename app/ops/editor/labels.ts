/**
 * The words an operator reads for the parts of a config: a block's display name (its folder's widget.meta.json), a
 * setting's or a field's name (the console's catalogue), a problem's place as the form numbers it (from 1), a change.
 */
import type { TFunction } from "i18next";
import { widgetMeta } from "@schemas/generated/widget-meta";
import type { SectionChange } from "./sections";
import { pointerSegments } from "./problems";

export type UiLang = "zh" | "en";

export const uiLang = (language: string): UiLang => (language === "en" ? "en" : "zh");

/** A widget type's display name in the UI language; the type itself for one the console does not know. */
export function widgetName(type: string, lang: UiLang): string {
  return widgetMeta[type]?.name[lang] ?? type;
}

/** A property's name as the form labels it. */
export function fieldName(key: string, t: TFunction): string {
  return t(`ops:fields.${key}`, { defaultValue: key });
}

/** A section of the page in words: "第 3 个组件「嘉宾」" or "发布时段". */
export function sectionLabel(change: Pick<SectionChange, "kind" | "name" | "position">, t: TFunction, lang: UiLang): string {
  if (change.kind === "widget") return t("opsEditor:section.widget", { position: change.position, name: widgetName(change.name, lang) });
  return fieldName(change.name, t);
}

/** A change in words: "修改 第 1 个组件「活动头图」（眉题、标题）". */
export function changeText(change: SectionChange, t: TFunction, lang: UiLang): string {
  const fields = change.fields.length
    ? t("opsEditor:section.fields", { fields: change.fields.map((key) => fieldName(key, t)).join(lang === "zh" ? "、" : ", ") })
    : "";
  return `${t(`opsEditor:change.${change.op}`)} ${sectionLabel(change, t, lang)}${fields}`;
}

/**
 * Where a problem is, as the form shows it: "第 4 个组件「嘉宾」 › 条目 › 第 2 项 › 姓名 › 中文". Lists count from 1;
 * a widget is named by its position and display name, never by a JSON pointer.
 */
export function problemPlace(pointer: string, config: unknown, t: TFunction, lang: UiLang): string {
  if (pointer === "/" || pointer === "") return t("opsEditor:problems.whole");
  const segments = pointerSegments(pointer);
  const parts: string[] = [];
  let node: unknown = config;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    const inList = Array.isArray(node);
    const child = (node as Record<string, unknown> | undefined)?.[segment];
    if (segments[index - 1] === "widgets" || (segments[index - 1] === "children" && inList)) {
      const type = (child as { type?: string } | undefined)?.type ?? "?";
      parts.pop();
      parts.push(t("opsEditor:section.widget", { position: Number(segment) + 1, name: widgetName(type, lang) }));
    } else if (inList && /^\d+$/.test(segment)) {
      parts.push(t("opsEditor:problems.item", { number: Number(segment) + 1 }));
    } else if (segment !== "props") {
      parts.push(fieldName(segment, t));
    }
    node = child;
  }
  return parts.join(" › ");
}

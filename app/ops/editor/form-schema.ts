import type { TFunction } from "i18next";
import type { RJSFSchema, UiSchema } from "@rjsf/utils";

type Schema = RJSFSchema & { $defs?: Record<string, RJSFSchema> };

/**
 * The page-config schema as the form draws it: the same bundle the server checks, except that a widget's props are
 * chosen by the widget field from its type ($defs/<type>Props) instead of by the bundle's eighty if/then rules, which
 * RJSF would evaluate for every widget on every keystroke. What is valid is still decided by the whole bundle.
 */
export function formSchemaOf(bundle: unknown): RJSFSchema {
  const schema = bundle as Schema;
  const { allOf: _byType, ...widgetNode } = (schema.$defs?.widgetNode ?? {}) as Record<string, unknown>;
  return { ...schema, $defs: { ...schema.$defs, widgetNode: widgetNode as RJSFSchema } };
}

/** The page's publish window: picked in Beijing time (fields.tsx, DateTimeWidget). */
const dateTime = { "ui:widget": "dateTime" };

/** Where the form's special fields go: widgets, their data source, APIs, dates; the editor's own $schema is hidden. */
export function formUiSchema(t: TFunction): UiSchema {
  const widgetNode: UiSchema = {
    "ui:field": "widgetNode",
    // Content first (the block, its fields, its children); its wiring (data, gate, visibility) goes under "Advanced".
    "ui:order": ["type", "props", "children", "data", "gate", "visibleWhen"],
    data: { "ui:widget": "sourceName" },
  };
  widgetNode.children = { items: widgetNode };
  return {
    // The editor saves as the operator types: the form has no submit button.
    "ui:submitButtonOptions": { norender: true },
    // Every block and list entry can be duplicated beside its move and remove buttons (no config needs unique keys).
    "ui:globalOptions": { copyable: true },
    // Content first; the page's wiring (data sources, query, gate, aliases, status) goes under "Advanced" at the end.
    "ui:order": ["path", "title", "description", "publish", "layout", "keepAlive", "widgets", "data", "query", "gate", "aliases", "status", "*"],
    $schema: { "ui:widget": "hidden" },
    // A checkbox carries its own label, which the field template does not draw.
    keepAlive: { "ui:title": t("ops:fields.keepAlive") },
    layout: { header: { "ui:title": t("ops:fields.header") }, footer: { "ui:title": t("ops:fields.footer") } },
    publish: { from: dateTime, until: dateTime },
    data: { additionalProperties: { api: { "ui:widget": "api" } } },
    widgets: { items: widgetNode },
  };
}

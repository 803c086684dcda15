import type { UiSchema } from "@rjsf/utils";

/** How a form schema's properties render as plain fields and post (ADR 029), read the same by the page and the route action. */
export type Schema = Record<string, unknown>;

/** A property with its local `$ref` (the generated schemas bundle their definitions) and a oneOf/anyOf rule resolved to the field it renders as. */
export function fieldSchema(root: Schema, property: Schema): Schema {
  const ref = typeof property.$ref === "string" ? /^#\/\$defs\/(.+)$/.exec(property.$ref)?.[1] : undefined;
  const defs = (root.$defs ?? {}) as Record<string, Schema>;
  const resolved = ref && defs[ref] ? { ...fieldSchema(root, defs[ref]), ...property } : property;
  const alternatives = (resolved.oneOf ?? resolved.anyOf) as Schema[] | undefined;
  return !resolved.type && alternatives?.[0] ? { ...fieldSchema(root, alternatives[0]), ...resolved } : resolved;
}

/** The properties in RJSF's order: ui:order with "*" standing for the rest in schema order. */
export function orderedFields(schema: Schema, uiSchema: UiSchema | undefined): string[] {
  const names = Object.keys((schema.properties ?? {}) as Record<string, unknown>);
  const order = (uiSchema?.["ui:order"] as string[] | undefined) ?? ["*"];
  const listed = order.filter((name) => name !== "*" && names.includes(name));
  const rest = names.filter((name) => !listed.includes(name));
  return order.flatMap((name) => (name === "*" ? rest : listed.includes(name) ? [name] : []));
}

/** The string fields a native post carries: what the server reads from the body and the browser from the DOM. */
export function postedFields(schema: Schema): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  return Object.keys(properties).filter((name) => {
    const type = fieldSchema(schema, properties[name]).type;
    return type === undefined || type === "string";
  });
}

import type { ErrorObject } from "ajv";

/** A precompiled ajv validator: true when valid, its errors kept on the function (ajv's standalone shape). */
export type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A props error as the whole config's validator would have reported it: at the node's props, under the widget's definition. */
function atNode(error: ErrorObject, pointer: string, type: string): ErrorObject {
  return { ...error, instancePath: `${pointer}/props${error.instancePath}`, schemaPath: `#/$defs/${type}Props${error.schemaPath.slice(1)}` };
}

/** The widget nodes of a config (its widgets and their children, at any depth), each with its JSON pointer. */
function eachNode(nodes: unknown, pointer: string, visit: (node: Record<string, unknown>, pointer: string) => void): void {
  if (!Array.isArray(nodes)) return;
  nodes.forEach((node, index) => {
    if (!isObject(node)) return;
    visit(node, `${pointer}/${index}`);
    eachNode(node.children, `${pointer}/${index}/children`, visit);
  });
}

/**
 * The page config's validator (ADR 068): the envelope's (everything but the widgets' props; it fills a missing props
 * in as {}), then each node's props by its widget's own precompiled validator, which fills in that widget's defaults.
 * The errors are those one schema of the whole config gives: all of them, props errors at /widgets/…/props/….
 */
export function composePageConfigValidator(envelope: Validate, widgets: Record<string, Validate>): Validate {
  const types = Object.keys(widgets);
  const validate: Validate = (config: unknown) => {
    const errors: ErrorObject[] = envelope(config) ? [] : [...(envelope.errors ?? [])];
    if (isObject(config)) {
      eachNode(config.widgets, "/widgets", (node, pointer) => {
        if (typeof node.type !== "string") return;
        const validateProps = Object.hasOwn(widgets, node.type) ? widgets[node.type] : undefined;
        if (!validateProps) {
          errors.push({
            instancePath: `${pointer}/type`,
            schemaPath: "#/$defs/widgetNode/properties/type/enum",
            keyword: "enum",
            params: { allowedValues: types },
            message: "must be equal to one of the allowed values",
          });
        } else if (isObject(node.props) && !validateProps(node.props)) {
          errors.push(...(validateProps.errors ?? []).map((error) => atNode(error, pointer, node.type as string)));
        }
      });
    }
    validate.errors = errors.length ? errors : null;
    return errors.length === 0;
  };
  return validate;
}

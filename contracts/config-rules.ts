/**
 * Rules across fields of a page config that its schema cannot say, checked by the console as the operator types and
 * by the server before a publish (server/ops/checks.server.ts refuses to publish a config that breaks one): a window
 * ends after it starts, the page's own publish window and each fact of an event's opening that spans dates.
 * A problem carries a code and its values; each side words it in its reader's language.
 */

export interface RuleProblem {
  pointer: string;
  code: "windowOrder";
  params: Record<string, string>;
}

const instant = (value: unknown): number => (typeof value === "string" && !value.startsWith("{") ? Date.parse(value) : Number.NaN);

/** A window whose end is not after its start: the problem sits at the end, naming the start. */
function windowProblem(from: unknown, until: unknown, untilPointer: string): RuleProblem[] {
  const [start, end] = [instant(from), instant(until)];
  if (!Number.isFinite(start) || !Number.isFinite(end) || end > start) return [];
  return [{ pointer: untilPointer, code: "windowOrder", params: { from: String(from) } }];
}

type Node = { type?: unknown; props?: { facts?: unknown }; children?: unknown };

function widgetProblems(widgets: unknown, at: string): RuleProblem[] {
  if (!Array.isArray(widgets)) return [];
  return widgets.flatMap((widget: Node, index) => {
    const pointer = `${at}/${index}`;
    const facts = Array.isArray(widget?.props?.facts) ? (widget.props.facts as { from?: unknown; to?: unknown }[]) : [];
    return [
      ...facts.flatMap((fact, factIndex) => windowProblem(fact?.from, fact?.to, `${pointer}/props/facts/${factIndex}/to`)),
      ...widgetProblems(widget?.children, `${pointer}/children`),
    ];
  });
}

/** Every cross-field problem of a config (as written or with defaults: only dates are read). */
export function crossFieldProblems(config: unknown): RuleProblem[] {
  if (!config || typeof config !== "object") return [];
  const { publish, widgets } = config as { publish?: { from?: unknown; until?: unknown }; widgets?: unknown };
  return [...windowProblem(publish?.from, publish?.until, "/publish/until"), ...widgetProblems(widgets, "/widgets")];
}

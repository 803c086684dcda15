/**
 * The event a page signs people up for: the specialId its data sources ask the platform about (the sign-up state,
 * guests, agenda), or the id of its /special/detail source. A page bound to a query value (?id=) names no one event.
 */
const asRecord = (value: unknown) => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

const positiveId = (value: unknown): number | null => {
  const id = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
};

export function eventIdOfPage(config: unknown): number | null {
  const sources = Object.values(asRecord(asRecord(config)?.data) ?? {}).map(asRecord);
  for (const source of sources) {
    const id = positiveId(asRecord(source?.params)?.specialId);
    if (id) return id;
  }
  const detail = sources.find((source) => source?.api === "/special/detail");
  return positiveId(asRecord(detail?.params)?.id);
}

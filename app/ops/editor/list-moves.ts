/** A list inside a config moved or copied by its path (what dragging a block or an entry does), the config left unchanged. */

type Path = (string | number)[];

/** A copy of the config with the list at `path` replaced by `change(list)`; the config as it is when there is no list there. */
export function withList(config: Record<string, unknown>, path: Path, change: (list: unknown[]) => unknown[]): Record<string, unknown> {
  const next = structuredClone(config);
  let parent: unknown = next;
  for (const step of path.slice(0, -1)) parent = (parent as Record<string | number, unknown> | undefined)?.[step];
  const last = path.at(-1);
  const holder = parent as Record<string | number, unknown> | undefined;
  if (last === undefined || !holder || !Array.isArray(holder[last])) return config;
  holder[last] = change(holder[last] as unknown[]);
  return next;
}

/** The list with the entry at `from` moved to `to` (both from 0), the others keeping their order. */
export function moveEntry<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

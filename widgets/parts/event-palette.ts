import "./event-palette.css";

/** The colour schemes an event page chooses from in its config (widget prop `palette`), so each campaign has its own look. */
export const PALETTES = ["navy", "crimson", "emerald", "amber", "violet", "teal", "ink", "rose"] as const;
export type Palette = (typeof PALETTES)[number];

export function paletteClass(palette: unknown): string {
  return `palette-${PALETTES.includes(palette as Palette) ? palette : "navy"}`;
}

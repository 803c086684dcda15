/**
 * Undo and redo of the draft, one step per committed edit (WordPress and Puck do the same): keystrokes in one field
 * are one step while the operator keeps typing there; a move, a duplicate, an added or removed block, a paste into the
 * JSON each are a step of their own. The steps hold the draft's whole text (a few kilobytes), so an undo is exact.
 */

/** Keystrokes in the same field this close together are one step. */
export const COALESCE_MS = 3000;
/** Steps kept: older ones fall off. */
export const UNDO_LIMIT = 200;

export interface UndoState {
  past: string[];
  future: string[];
  /** The field the last step typed in (a JSON pointer), null when the last step was anything else. */
  lastKey: string | null;
  lastAt: number;
}

export const EMPTY_UNDO: UndoState = { past: [], future: [], lastKey: null, lastAt: 0 };

/** The state after an edit from `before`: a new step, or the current one grown when it is typing in the same field. */
export function recordEdit(state: UndoState, before: string, key: string | null, at: number): UndoState {
  if (key !== null && key === state.lastKey && at - state.lastAt < COALESCE_MS && state.past.length > 0) {
    return { ...state, future: [], lastAt: at };
  }
  return { past: [...state.past, before].slice(-UNDO_LIMIT), future: [], lastKey: key, lastAt: at };
}

/** One step back from `current`: the text to show and the state after; null when there is nothing to undo. */
export function undoStep(state: UndoState, current: string): { state: UndoState; text: string } | null {
  const text = state.past.at(-1);
  if (text === undefined) return null;
  return { text, state: { past: state.past.slice(0, -1), future: [current, ...state.future], lastKey: null, lastAt: 0 } };
}

/** One step forward again; null when nothing was undone since the last edit. */
export function redoStep(state: UndoState, current: string): { state: UndoState; text: string } | null {
  const [text, ...rest] = state.future;
  if (text === undefined) return null;
  return { text, state: { past: [...state.past, current].slice(-UNDO_LIMIT), future: rest, lastKey: null, lastAt: 0 } };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * The JSON pointer of the one value that differs between two configs of the same shape (a field being typed in), or
 * null when more than one value, or the shape, changed (a step of its own).
 */
export function typedFieldOf(before: unknown, after: unknown, pointer = ""): string | null | undefined {
  if (before === after) return undefined;
  if (!isObject(before) || !isObject(after)) return typeof before === typeof after && !isObject(before) ? pointer || "/" : null;
  if (Array.isArray(before) !== Array.isArray(after)) return null;
  const keys = Object.keys(before);
  const afterKeys = Object.keys(after);
  if (keys.length !== afterKeys.length || keys.some((key, index) => key !== afterKeys[index])) return null;
  let found: string | null | undefined;
  for (const key of keys) {
    const inner = typedFieldOf(before[key], after[key], `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    if (inner === undefined) continue;
    if (inner === null || found !== undefined) return null;
    found = inner;
  }
  return found;
}

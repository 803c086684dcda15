import type { OpsDraftConflict } from "@contracts/ops.ts";

interface StoredDraft {
  text: string;
  editor: string;
  updatedAt: string;
}

/**
 * Whether saving `text` would overwrite a draft the saver never saw. The editor sends the time of the server draft its
 * text started from (`baseUpdatedAt`; null when it started from the live version, with no draft): another save since
 * then, with a different text, is the other person's work and is answered with it instead of being overwritten. An
 * editor that names no base (an older page, the raw API) keeps the last-writer-wins behaviour.
 */
export function draftConflict(current: StoredDraft | null, text: string, baseUpdatedAt: unknown): OpsDraftConflict | null {
  if (baseUpdatedAt === undefined || !current) return null;
  if (current.updatedAt === baseUpdatedAt || current.text === text) return null;
  return { text: current.text, editor: current.editor, updatedAt: current.updatedAt };
}

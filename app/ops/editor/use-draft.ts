/**
 * A page's draft as the editor holds it: the server's draft is the truth. What the operator types is kept in this
 * browser until the server has it, autosaved after a pause, and saved only over the server draft it started from:
 * when another person saved since, the save is refused with their draft and nothing is overwritten (a conflict the
 * operator resolves). A browser copy newer than the server's draft is offered on opening, never applied by itself.
 */
import { useCallback, useRef, useState } from "react";
import type { TFunction } from "i18next";
import { OPS_API, type OpsDraft, type OpsPageDetail } from "@contracts/ops";
import { readStorage, writeStorage } from "~/browser/storage";
import { opsPost } from "~/ops/api";
import { errorText } from "~/ops/format";
import type { Conflict } from "./ConflictPanel";
import { parseJson } from "./raw-json";

/** Autosave waits for a pause in typing this long. */
const SAVE_AFTER_MS = 800;

export type SaveState = { kind: "saved"; at: string } | { kind: "pending" } | { kind: "saving" } | { kind: "failed"; message: string } | { kind: "conflict" };

/** This browser's copy of a draft not yet saved: the text, when it was typed, and the server draft it started from. */
interface LocalCopy {
  text: string;
  at: string;
  base: string | null;
}

const localKey = (path: string) => `opsDraft:${path}`;

function readLocal(path: string): LocalCopy | null {
  const stored = readStorage(localKey(path));
  if (!stored) return null;
  try {
    const copy = JSON.parse(stored) as Partial<LocalCopy>;
    return typeof copy.text === "string" && typeof copy.at === "string" ? { text: copy.text, at: copy.at, base: copy.base ?? null } : null;
  } catch {
    return null;
  }
}

export const textOf = (config: unknown) => `${JSON.stringify(config, null, 2)}\n`;

/** The text the server holds for a page: its draft, else its live version. */
export const serverTextOf = (page: OpsPageDetail): string | null => page.draft?.text ?? (page.live ? textOf(page.live.config) : null);

const configOf = (text: string) => {
  const parsed = parseJson(text);
  return parsed.ok ? parsed.value : null;
};

export function useDraft(path: string, t: TFunction) {
  const [text, setText] = useState<string | null>(null);
  const [saved, setSaved] = useState<OpsDraft | null>(null);
  const [save, setSave] = useState<SaveState>({ kind: "saved", at: "" });
  const [offer, setOffer] = useState<LocalCopy | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<string | null>(null);
  /** The text the server already holds (saving it again would only change the draft's time). */
  const onServer = useRef<string | null>(null);
  /** The updatedAt of the server draft this text started from; null: from the live version. */
  const base = useRef<string | null>(null);
  const blocked = useRef(false);

  const stopTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  /** The save under way: the next one waits for it, so each save names the server draft the last one made. */
  const inFlight = useRef<Promise<boolean> | null>(null);

  const saveNow = useCallback(async (): Promise<boolean> => {
    stopTimer();
    const queued = (inFlight.current ?? Promise.resolve(true)).then(() => saveLatest());
    inFlight.current = queued;
    const result = await queued;
    if (inFlight.current === queued) inFlight.current = null;
    return result;
  }, [path, t]);

  const saveLatest = async (): Promise<boolean> => {
    const sending = latest.current;
    if (sending === null || sending === onServer.current) return true;
    if (blocked.current) return false;
    setSave({ kind: "saving" });
    const answer = await opsPost<OpsDraft>(OPS_API.saveDraft, { path, text: sending, baseUpdatedAt: base.current });
    if (!answer.ok) {
      if (answer.status === 409 && answer.error.theirs) {
        const theirs = answer.error.theirs;
        blocked.current = true;
        setConflict({
          kind: "draft",
          editor: theirs.editor,
          at: theirs.updatedAt,
          theirs: configOf(theirs.text),
          theirsText: theirs.text,
          base: theirs.updatedAt,
        });
        setSave({ kind: "conflict" });
      } else setSave({ kind: "failed", message: errorText(answer.error, t) });
      return false;
    }
    setSaved(answer.data);
    onServer.current = sending;
    base.current = answer.data.updatedAt;
    if (latest.current === sending) {
      writeStorage(localKey(path), null);
      setSave({ kind: "saved", at: answer.data.updatedAt });
    }
    return true;
  };

  const edit = useCallback(
    (next: string) => {
      latest.current = next;
      setText(next);
      writeStorage(localKey(path), JSON.stringify({ text: next, at: new Date().toISOString(), base: base.current } satisfies LocalCopy));
      setSave(blocked.current ? { kind: "conflict" } : { kind: "pending" });
      stopTimer();
      if (!blocked.current) timer.current = setTimeout(() => void saveNow(), SAVE_AFTER_MS);
    },
    [path, saveNow],
  );

  /** Shows what the server holds (on opening, after a publish, a discard or taking the other person's change). */
  const adopt = useCallback((page: OpsPageDetail) => {
    const serverText = serverTextOf(page);
    setSaved(page.draft);
    onServer.current = serverText;
    latest.current = serverText;
    base.current = page.draft?.updatedAt ?? null;
    setText(serverText);
    setSave({ kind: "saved", at: page.draft?.updatedAt ?? "" });
  }, []);

  /** Opening: the server's text, and this browser's copy offered when it is newer than the server's draft. */
  const open = useCallback(
    (page: OpsPageDetail) => {
      adopt(page);
      const local = readLocal(path);
      const serverText = serverTextOf(page);
      const newer = local && local.text !== serverText && (!page.draft || local.at > page.draft.updatedAt);
      if (newer) setOffer(local);
    },
    [adopt, path],
  );

  const acceptOffer = useCallback(() => {
    if (!offer) return;
    setOffer(null);
    edit(offer.text);
  }, [offer, edit]);

  const dropOffer = useCallback(() => {
    setOffer(null);
    writeStorage(localKey(path), null);
  }, [path]);

  /** A conflict resolved: the text now starts from their side (base), and saving goes on. */
  const resolve = useCallback(
    (next: string | null, newBase: string | null) => {
      blocked.current = false;
      setConflict(null);
      base.current = newBase;
      if (next !== null) edit(next);
    },
    [edit],
  );

  return {
    text,
    saved,
    setSaved,
    save,
    setSave,
    offer,
    acceptOffer,
    dropOffer,
    conflict,
    setConflict,
    edit,
    saveNow,
    adopt,
    open,
    resolve,
    stopTimer,
    blocked,
    onServer,
  };
}

import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { EssayEditorProps } from "@schemas/generated/page-config";
import { refreshPageData } from "../kit/page";
import { callApi, isSuccess } from "../kit/api";
import { accountCalls } from "../kit/calls/account";
import { essayCalls } from "../kit/calls/essay";
import { askedToLogIn, showToast } from "../kit/session";
import { formatTime } from "../kit/format";
import { isEmptyHtml, RichEditor } from "../parts/rich-editor";
import { ConfirmBox } from "../parts/confirm-box";
import { copyKey, dropCopy, EMPTY_FIELDS, type EssayFields, readCopy, sameFields, startingFields, type Visibility, writeCopy } from "./local-copy";

/** The picture tools and the cover cropper load when the author picks a picture, not with the editor. */
const imageTools = () => import("./image-tools");
const CoverCropper = lazy(() => import("./CoverCropper").then((module) => ({ default: module.CoverCropper })));

const VISIBILITIES: Visibility[] = ["public", "self", "followers", "mutual"];
const IMAGE_TYPES = new Set(["image/jpeg", "image/png"]);
/** Answers that refuse the text itself (invalid, not the writer's, gone): saving it again unchanged would not help. */
const REFUSALS = new Set([400, 401, 403, 404]);
/** Images in the text are shown at most this wide, so larger ones are scaled down before upload. */
const CONTENT_IMAGE_SIDE = 1280;

type SaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved"; at: string } | { kind: "local" };
type Load = { state: "loading" } | { state: "ready" } | { state: "missing"; message: string };

/** The editor itself: its code is fetched once the browser knows the writer (component.tsx). */
export default function Editor({
  essayId: initialId,
  userId,
  articleLink,
  listLink,
  autosaveSeconds,
}: EssayEditorProps & { essayId: number | null; userId: number }) {
  const { t } = useTranslation("essay");
  const navigate = useNavigate();
  const [essayId, setEssayId] = useState(initialId);
  const [status, setStatus] = useState<"draft" | "released" | null>(null);
  // A released article's saved edits that readers do not see yet.
  const [pending, setPending] = useState(false);
  const [fields, setFields] = useState<EssayFields>(EMPTY_FIELDS);
  const [version, setVersion] = useState(0);
  const [load, setLoad] = useState<Load>(initialId ? { state: "loading" } : { state: "ready" });
  const [restored, setRestored] = useState(false);
  const [save, setSave] = useState<SaveState>({ kind: "idle" });
  const [refusal, setRefusal] = useState("");
  const [busy, setBusy] = useState<"release" | "delete" | null>(null);
  const [coverBusy, setCoverBusy] = useState(false);
  // A picture chosen for the cover, waiting for the writer to place the crop.
  const [coverFile, setCoverFile] = useState<File | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // What the latest edits are, for saves that run after a render (timers, release).
  const latest = useRef(fields);
  const idRef = useRef(initialId);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<unknown> | null>(null);

  const keyFor = (id: number | null) => copyKey(userId, id);

  // Start from the platform's draft and this device's copy, whichever holds the latest changes: once per article (the
  // component is keyed by it).
  useEffect(() => {
    let current = true;
    const start = (server: EssayFields | null) => {
      const chosen = startingFields(server, readCopy(keyFor(initialId)));
      latest.current = chosen.fields;
      setFields(chosen.fields);
      setVersion((value) => value + 1);
      setRestored(chosen.restored);
      setLoad({ state: "ready" });
      if (chosen.restored) {
        dirty.current = true;
        schedule();
      }
    };
    if (!initialId) {
      start(null);
      return;
    }
    void callApi(essayCalls.essay, { id: initialId }).then((envelope) => {
      if (!current) return;
      if (isSuccess(envelope) && envelope.data?.mine && envelope.data.editable) {
        setStatus(envelope.data.status);
        setPending(envelope.data.hasPendingEdits);
        start(envelope.data.editable);
      } else if (envelope.code === 404 || envelope.code === 400 || (isSuccess(envelope) && !envelope.data?.mine)) {
        setLoad({ state: "missing", message: t("errors.notFound") });
      } else {
        // The platform could not be read (offline, restarting): the device copy, if any, keeps the writer going.
        start(null);
      }
    });
    return () => {
      current = false;
    };
  }, []);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  /** Saves the latest edits as the draft (a released article keeps them as pending edits). */
  const saveNow = async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current) await inFlight.current;
    if (!dirty.current && idRef.current) return true;
    const sent = latest.current;
    setSave({ kind: "saving" });
    const request = callApi(essayCalls.saveDraft, { ...sent, ...(idRef.current ? { id: idRef.current } : {}) });
    inFlight.current = request;
    const envelope = await request;
    inFlight.current = null;
    if (askedToLogIn(envelope)) {
      setSave({ kind: "local" });
      return false;
    }
    if (!isSuccess(envelope) || !envelope.data) {
      setSave({ kind: "local" });
      if (envelope.message) setRefusal(envelope.message);
      // The platform unreachable, restarting or busy: try again later. A refusal of the text waits for the next change.
      if (!REFUSALS.has(envelope.code)) schedule();
      return false;
    }
    const saved = envelope.data;
    if (!idRef.current) {
      // The article has its id now: the device copy moves under it and the address names it, so a reload finds it.
      idRef.current = saved.id;
      setEssayId(saved.id);
      dropCopy(keyFor(null));
      window.history.replaceState(window.history.state, "", `${window.location.pathname}?id=${saved.id}`);
    }
    setStatus(saved.status);
    setPending(saved.status === "released");
    if (sameFields(sent, latest.current)) dirty.current = false;
    writeCopy(keyFor(saved.id), latest.current, dirty.current);
    // The drafts list reads again when it shows next.
    void refreshPageData();
    setSave({ kind: "saved", at: saved.updateTime });
    setRefusal("");
    return true;
  };

  /** One autosave a few seconds after the first change, so typing saves regularly rather than never. */
  function schedule() {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void saveNow();
    }, autosaveSeconds * 1000);
  }

  const change = (patch: Partial<EssayFields>) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    dirty.current = true;
    setFields(next);
    writeCopy(keyFor(idRef.current), next, true);
    setSave((current) => (current.kind === "saving" ? current : { kind: "local" }));
    schedule();
  };

  const upload = async (image: Blob): Promise<string | null> => {
    const envelope = await callApi(accountCalls.uploadFile, { purpose: "cover", data: await (await imageTools()).toBase64(image) });
    if (askedToLogIn(envelope)) return null;
    if (!isSuccess(envelope) || !envelope.data) {
      showToast(envelope.message || t("errors.imageFailed"), "error");
      return null;
    }
    return envelope.data.url;
  };

  const pickCover = (file: File | undefined) => {
    if (!file) return;
    if (!IMAGE_TYPES.has(file.type)) {
      showToast(t("errors.imageType"), "error");
      return;
    }
    void imageTools().catch(() => undefined);
    setCoverFile(file);
  };

  const applyCover = async (position: { x: number; y: number }) => {
    if (!coverFile) return;
    setCoverBusy(true);
    try {
      const url = await upload(await (await imageTools()).cropCover(coverFile, position));
      if (url) {
        change({ cover: url });
        setCoverFile(null);
      }
    } catch {
      showToast(t("errors.imageNotLoaded"), "error");
    } finally {
      setCoverBusy(false);
    }
  };

  const uploadContentImage = async (file: File): Promise<string | null> => {
    if (!IMAGE_TYPES.has(file.type)) {
      showToast(t("errors.imageType"), "error");
      return null;
    }
    try {
      return await upload(await (await imageTools()).compressImage(file, CONTENT_IMAGE_SIDE));
    } catch {
      showToast(t("errors.imageNotLoaded"), "error");
      return null;
    }
  };

  /** A refusal is written under the form and told at once in a toast: the form's end may be below the screen. */
  const refuse = (message: string) => {
    setRefusal(message);
    showToast(message, "error");
  };

  const release = async () => {
    const current = latest.current;
    // A picture chosen but not yet cut is not the cover: say so rather than release without it or refuse it as missing.
    if (coverFile) {
      refuse(t("errors.coverPending"));
      return;
    }
    // The platform checks the same; saying it here spares a round trip and keeps every field as typed.
    if (!current.title.trim() || !current.cover || isEmptyHtml(current.content)) {
      refuse(t("errors.required"));
      return;
    }
    setBusy("release");
    try {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (inFlight.current) await inFlight.current;
      const envelope = await callApi(essayCalls.releaseEssay, { ...current, ...(idRef.current ? { id: idRef.current } : {}) });
      if (askedToLogIn(envelope)) return;
      if (!isSuccess(envelope) || !envelope.data) {
        // Refused (a risk word, a limit, an empty field): the message says what, the text stays on screen and device.
        refuse(envelope.message || t("errors.saveFailed"));
        return;
      }
      dirty.current = false;
      dropCopy(keyFor(null));
      dropCopy(keyFor(envelope.data.id));
      void refreshPageData();
      showToast(t("editor.released"), "success");
      void navigate(`${articleLink}?id=${envelope.data.id}`);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setConfirmDelete(false);
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!idRef.current) {
      dropCopy(keyFor(null));
      void navigate(listLink);
      return;
    }
    setBusy("delete");
    try {
      if (inFlight.current) await inFlight.current;
      const envelope = await callApi(essayCalls.removeEssay, { id: idRef.current });
      if (askedToLogIn(envelope)) return;
      if (!isSuccess(envelope)) {
        showToast(envelope.message || t("errors.saveFailed"), "error");
        return;
      }
      dirty.current = false;
      dropCopy(keyFor(idRef.current));
      void refreshPageData();
      showToast(t("article.deleted"), "success");
      void navigate(listLink);
    } finally {
      setBusy(null);
    }
  };

  if (load.state === "loading") return <div className="essay-editor essay-loading" aria-busy="true" />;
  if (load.state === "missing") {
    return (
      <div className="essay-editor">
        <p className="essay-error" role="alert">
          {load.message}
        </p>
      </div>
    );
  }

  const saveText =
    save.kind === "saving"
      ? t("editor.saving")
      : save.kind === "saved"
        ? t("editor.saved", { time: formatTime(save.at) })
        : save.kind === "local"
          ? t("editor.savedLocal")
          : "";

  return (
    <form className="essay-editor" onSubmit={(event) => event.preventDefault()}>
      <h1 className="essay-editor-heading">{essayId ? t("editor.editTitle") : t("editor.newTitle")}</h1>
      {restored && <p className="essay-note">{t("editor.restored")}</p>}
      {status === "released" && <p className="essay-note">{pending ? t("article.pendingNotice") : t("editor.releasedNote")}</p>}
      <input
        className="essay-title-input"
        value={fields.title}
        placeholder={t("editor.titlePlaceholder")}
        aria-label={t("editor.titlePlaceholder")}
        maxLength={500}
        onChange={(event) => change({ title: event.target.value })}
      />
      <textarea
        className="essay-intro-input"
        value={fields.intro}
        placeholder={t("editor.introPlaceholder")}
        aria-label={t("editor.introPlaceholder")}
        maxLength={200}
        rows={2}
        onChange={(event) => change({ intro: event.target.value })}
      />
      <fieldset className="essay-cover">
        <legend>{t("editor.cover")}</legend>
        {coverFile ? (
          <Suspense fallback={<p aria-busy="true">{t("editor.cover")}</p>}>
            <CoverCropper file={coverFile} busy={coverBusy} onUse={(position) => void applyCover(position)} onCancel={() => setCoverFile(null)} />
          </Suspense>
        ) : (
          fields.cover && <img src={fields.cover} alt={t("editor.cover")} width="375" height="210" />
        )}
        <label className="button essay-cover-pick">
          {fields.cover ? t("editor.coverChange") : t("editor.coverPick")}
          <input
            type="file"
            accept="image/jpeg,image/png"
            className="essay-cover-file"
            disabled={coverBusy}
            onChange={(event) => {
              pickCover(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
        </label>
        <small>{t("editor.coverHint")}</small>
      </fieldset>
      <RichEditor
        initialHtml={fields.content}
        version={version}
        onChange={(content) => change({ content })}
        label={t("editor.contentLabel")}
        placeholder={t("editor.contentPlaceholder")}
        uploadImage={uploadContentImage}
      />
      <p className="essay-hint">{t("editor.formulaHint")}</p>
      <label className="essay-visibility">
        <span>{t("visibility.label")}</span>
        <select value={fields.visibility} onChange={(event) => change({ visibility: event.target.value as Visibility })}>
          {VISIBILITIES.map((value) => (
            <option key={value} value={value}>
              {t(`visibility.${value}`)}
            </option>
          ))}
        </select>
      </label>
      {refusal && (
        <p className="essay-error" role="alert">
          {refusal}
        </p>
      )}
      <p className="essay-save-state" aria-live="polite">
        {saveText}
      </p>
      <div className="essay-actions" data-layer="action-bar">
        {(essayId || fields.title || fields.content) && (
          <button type="button" className="button essay-delete" disabled={busy !== null} onClick={() => setConfirmDelete(true)}>
            {t("editor.delete")}
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          onClick={() => void saveNow().then((saved) => saved && showToast(t("editor.draftSaved"), "success"))}
        >
          {t("editor.saveDraft")}
        </button>
        <button type="button" className="button button-primary" disabled={busy !== null} onClick={() => void release()}>
          {busy === "release" ? t("editor.releasing") : t("editor.release")}
        </button>
      </div>
      {confirmDelete && (
        <ConfirmBox
          label={t("editor.delete")}
          question={t("editor.deleteConfirm")}
          no={t("editor.cancel")}
          onYes={() => void remove()}
          onNo={() => setConfirmDelete(false)}
        />
      )}
    </form>
  );
}

import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import {
  OPS_API,
  OPS_PAGES,
  type OpsDraft,
  type OpsEditorMetadata,
  type OpsPageDetail,
  type OpsProblem,
  type OpsPublishAnswer,
  type PublishWindow,
} from "@contracts/ops";
import { readStorage, writeStorage } from "~/browser/storage";
import { formatTime } from "~/format/dates";
import { opsGet, opsPost } from "~/ops/api";
import { STATUS_CLASS, errorText } from "~/ops/format";
import { useStaff } from "~/ops/staff";
import { formSchemaOf } from "./form-schema";
import { errorSchemaOf, fieldIdOf, mergeProblems, pointerSegments, schemaProblems, type KnownPatterns } from "./problems";
import { parseJson } from "./raw-json";
import RawJson from "./RawJson";
import { ProblemList } from "./ProblemList";
import Preview from "./Preview";
import History from "./History";

const ConfigForm = lazy(() => import("./ConfigForm"));

/** Autosave waits for a pause in typing this long. */
const SAVE_AFTER_MS = 800;

type Tab = "form" | "json" | "preview" | "history";
type SaveState = { kind: "saved"; at: string } | { kind: "pending" } | { kind: "saving" } | { kind: "failed"; message: string };

/** This browser's copy of a draft not yet saved (kept across a session that ended and a reload). */
const localKey = (path: string) => `opsDraft:${path}`;

interface PatternSchema {
  pattern?: string;
  anyOf?: PatternSchema[];
  items?: PatternSchema;
  properties?: Record<string, PatternSchema>;
  $defs?: Record<string, PatternSchema>;
}

function patternsOf(schema: PatternSchema): KnownPatterns {
  const defs = schema.$defs ?? {};
  const named: [string | undefined, string][] = [
    [defs.binding?.pattern, "binding"],
    [defs.link?.pattern, "link"],
    [defs.internalPath?.pattern, "internalPath"],
    [defs.text?.anyOf?.[1]?.pattern, "bindingText"],
    [schema.properties?.path?.pattern, "path"],
    [schema.properties?.aliases?.items?.pattern, "path"],
    [defs.dataSource?.properties?.api?.pattern, "api"],
  ];
  return Object.fromEntries(named.filter(([pattern]) => pattern !== undefined));
}

const textOf = (config: unknown) => `${JSON.stringify(config, null, 2)}\n`;

/**
 * A page's editor: the draft as a form and as JSON (one text underneath, autosaved), its problems at their fields, a
 * preview, publishing and the history. The draft is the server's; a copy stays in this browser until the server has
 * it, so a session that ends or a reload loses nothing typed.
 */
export default function Editor({ path }: { path: string }) {
  const { t } = useTranslation("ops");
  const staff = useStaff();
  const navigate = useNavigate();
  const [detail, setDetail] = useState<OpsPageDetail | null>(null);
  const [metadata, setMetadata] = useState<OpsEditorMetadata | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [saved, setSaved] = useState<OpsDraft | null>(null);
  const [save, setSave] = useState<SaveState>({ kind: "saved", at: "" });
  const [tab, setTab] = useState<Tab>("form");
  const [notice, setNotice] = useState<{ kind: "error" | "done"; text: string } | null>(null);
  const [publishProblems, setPublishProblems] = useState<OpsProblem[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef<string | null>(null);
  /**
   * The text the server already holds (the draft, else the live version): saving it again would only change the draft's
   * time, or make a draft of what is live.
   */
  const onServer = useRef<string | null>(null);

  const reload = useCallback(async () => {
    const answer = await opsGet<OpsPageDetail>(OPS_API.page, { path });
    if (!answer.ok) {
      setLoadError(errorText(answer.error, t));
      return null;
    }
    setDetail(answer.data);
    return answer.data;
  }, [path, t]);

  const saveNow = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const sending = latest.current;
    if (sending === null || sending === onServer.current) return true;
    setSave({ kind: "saving" });
    const answer = await opsPost<OpsDraft>(OPS_API.saveDraft, { path, text: sending });
    if (!answer.ok) {
      setSave({ kind: "failed", message: errorText(answer.error, t) });
      return false;
    }
    setSaved(answer.data);
    onServer.current = sending;
    if (latest.current === sending) {
      writeStorage(localKey(path), null);
      setSave({ kind: "saved", at: answer.data.updatedAt });
    }
    return true;
  }, [path, t]);

  const edit = useCallback(
    (next: string) => {
      latest.current = next;
      setText(next);
      setPublishProblems([]);
      writeStorage(localKey(path), next);
      setSave({ kind: "pending" });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void saveNow(), SAVE_AFTER_MS);
    },
    [path, saveNow],
  );

  useEffect(() => {
    let current = true;
    void Promise.all([reload(), opsGet<OpsEditorMetadata>(OPS_API.metadata)]).then(([page, meta]) => {
      if (!current || !page) return;
      if (meta.ok) setMetadata(meta.data);
      else setLoadError(errorText(meta.error, t));
      const serverText = page.draft?.text ?? (page.live ? textOf(page.live.config) : null);
      const local = readStorage(localKey(path));
      setSaved(page.draft);
      onServer.current = serverText;
      if (local !== null && local !== serverText) {
        // Typed here but never saved (the session ended, the tab closed): it goes on from there.
        edit(local);
        setNotice({ kind: "done", text: t("editor.restored") });
      } else {
        latest.current = serverText;
        setText(serverText);
        setSave({ kind: "saved", at: page.draft?.updatedAt ?? "" });
      }
    });
    return () => {
      current = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [path]);

  const parsed = useMemo(() => (text === null ? null : parseJson(text)), [text]);
  const config =
    parsed?.ok && parsed.value && typeof parsed.value === "object" && !Array.isArray(parsed.value) ? (parsed.value as Record<string, unknown>) : null;
  const patterns = useMemo(() => (metadata ? patternsOf(metadata.schema as PatternSchema) : {}), [metadata]);
  const problems = useMemo(() => {
    if (!config) return [];
    const local = schemaProblems(config, t, patterns);
    const server = saved && saved.text === text ? saved.problems : [];
    return mergeProblems(local, [...server, ...publishProblems]);
  }, [config, saved, text, publishProblems, t, patterns]);
  const errorSchema = useMemo(() => errorSchemaOf(problems), [problems]);
  const formSchema = useMemo(() => (metadata ? formSchemaOf(metadata.schema) : null), [metadata]);
  const onFormChange = useCallback((next: Record<string, unknown>) => edit(textOf(next)), [edit]);

  const showProblem = (problem: OpsProblem) => {
    setTab("form");
    // The field, or the nearest enclosing one the form draws (a widget's props when the pointer is inside them).
    requestAnimationFrame(() => {
      const segments = problem.pointer === "/" ? [] : pointerSegments(problem.pointer);
      for (let length = segments.length; length >= 0; length--) {
        const pointer = length ? `/${segments.slice(0, length).join("/")}` : "/";
        const element = document.getElementById(fieldIdOf(pointer)) ?? document.getElementById(`${fieldIdOf(pointer)}_zh`);
        if (!element) continue;
        for (let details = element.closest("details"); details; details = details.parentElement?.closest("details") ?? null) details.open = true;
        element.focus();
        element.scrollIntoView({ block: "center" });
        return;
      }
    });
  };

  const publishRefusal = staff.role !== "publisher" ? t("editor.publisherOnly") : null;
  const publish = async () => {
    if (!(await saveNow())) return;
    const answer = await opsPost<OpsPublishAnswer>(OPS_API.publish, { path, expectedVersion: detail?.live?.version ?? null });
    if (answer.ok) {
      setNotice({ kind: "done", text: t("editor.published", { version: answer.data.version, path }) });
      setPublishProblems([]);
      // A publish takes the draft it published: what is live is what the editor shows.
      const page = await reload();
      setSaved(page?.draft ?? null);
      onServer.current = page?.draft?.text ?? (page?.live ? textOf(page.live.config) : null);
      return;
    }
    setPublishProblems(answer.error.problems ?? []);
    setNotice({ kind: "error", text: errorText(answer.error, t) });
    if (answer.error.problems?.length) setTab("form");
  };

  const discard = async () => {
    if (!window.confirm(t("editor.confirmDiscard", { path }))) return;
    if (timer.current) clearTimeout(timer.current);
    const answer = await opsPost(OPS_API.discardDraft, { path });
    if (!answer.ok) {
      setNotice({ kind: "error", text: errorText(answer.error, t) });
      return;
    }
    writeStorage(localKey(path), null);
    const page = await reload();
    if (!page?.live) {
      // A page never published was only its draft: nothing is left to edit.
      navigate(OPS_PAGES.home);
      return;
    }
    const serverText = page?.live ? textOf(page.live.config) : null;
    latest.current = serverText;
    onServer.current = serverText;
    setText(serverText);
    setSaved(null);
    setSave({ kind: "saved", at: "" });
    setNotice({ kind: "done", text: t("editor.discarded") });
  };

  if (loadError) {
    return (
      <p className="ops-form-error" role="alert">
        {loadError}
      </p>
    );
  }
  if (!detail || !metadata || !formSchema || text === null) return <p className="ops-muted">{t("layout.loading")}</p>;

  const hasUnsaved = save.kind === "pending" || save.kind === "saving" || save.kind === "failed";
  const canPublish = !publishRefusal && problems.length === 0 && config !== null;
  const publishWindow = (config?.publish as PublishWindow | undefined) ?? undefined;
  const tabs: Tab[] = ["form", "json", "preview", "history"];

  return (
    <section className="ops-editor">
      <div className="ops-editor-head">
        <div>
          <h1>
            <code>{path}</code>
          </h1>
          <p>
            <span className={STATUS_CLASS[detail.status]}>{t(`status.${detail.status}`)}</span>
            {detail.live && <span className="ops-muted"> v{detail.live.version}</span>}{" "}
            <span className="ops-save" role="status" data-save={save.kind}>
              {save.kind === "saved"
                ? save.at
                  ? t("editor.savedAt", { at: formatTime(save.at) })
                  : t("editor.noDraft")
                : save.kind === "failed"
                  ? t("editor.saveFailed", { message: save.message })
                  : t("editor.saving")}
            </span>
          </p>
        </div>
        <div className="ops-editor-actions">
          {saved && (
            <button type="button" className="ops-button" onClick={() => void discard()}>
              {t("editor.discard")}
            </button>
          )}
          <button type="button" className="ops-button ops-primary" disabled={!canPublish} aria-describedby="ops-publish-reason" onClick={() => void publish()}>
            {t("editor.publish")}
          </button>
          <p id="ops-publish-reason" className="ops-muted">
            {publishRefusal ?? (problems.length ? t("editor.fixFirst", { count: problems.length }) : hasUnsaved ? t("editor.savesFirst") : "")}
          </p>
        </div>
      </div>
      {notice && (
        <p className={notice.kind === "error" ? "ops-form-error" : "ops-done"} role={notice.kind === "error" ? "alert" : "status"}>
          {notice.text}
        </p>
      )}
      <div className="ops-tabs" role="tablist" aria-label={t("editor.views")}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`ops-tab-${name}`}
            aria-selected={tab === name}
            // Only the chosen view is drawn, so only its tab names a panel.
            aria-controls={tab === name ? `ops-panel-${name}` : undefined}
            tabIndex={tab === name ? 0 : -1}
            className={tab === name ? "ops-tab active" : "ops-tab"}
            onClick={() => {
              if (name === "preview") void saveNow();
              setTab(name);
            }}
            onKeyDown={(event) => {
              const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
              if (!step) return;
              const next = tabs[(tabs.indexOf(name) + step + tabs.length) % tabs.length];
              if (next === "preview") void saveNow();
              setTab(next);
              document.getElementById(`ops-tab-${next}`)?.focus();
            }}
          >
            {t(`editor.tabs.${name}`)}
            {name === "form" && problems.length > 0 && <span className="ops-count">{problems.length}</span>}
          </button>
        ))}
      </div>
      <div id={`ops-panel-${tab}`} role="tabpanel" aria-labelledby={`ops-tab-${tab}`} className="ops-panel">
        {tab === "form" &&
          (config ? (
            <>
              {problems.length > 0 && (
                <div className="ops-problem-summary" role="alert">
                  <p>{t("editor.problemsTitle", { count: problems.length })}</p>
                  <ProblemList problems={problems} onShowProblem={showProblem} />
                </div>
              )}
              <Suspense fallback={<p className="ops-muted">{t("layout.loading")}</p>}>
                <ConfigForm
                  schema={formSchema}
                  config={config}
                  errorSchema={errorSchema}
                  dataSources={metadata.dataSources}
                  catalogueKeys={metadata.catalogueKeys}
                  onChange={onFormChange}
                />
              </Suspense>
            </>
          ) : (
            <p className="ops-form-error" role="alert">
              {t("editor.formNeedsJson")}
            </p>
          ))}
        {tab === "json" && <RawJson text={text} problems={problems} onText={edit} onShowProblem={showProblem} />}
        {tab === "preview" && (
          <Preview
            path={path}
            window={publishWindow}
            versions={detail.versions}
            hasLive={detail.live !== null}
            hasDraft={saved !== null}
            draftStamp={saved?.updatedAt ?? ""}
          />
        )}
        {tab === "history" && (
          <History
            path={path}
            versions={detail.versions}
            liveVersion={detail.live?.version ?? null}
            hasDraft={saved !== null}
            rollbackRefusal={publishRefusal}
            onRolledBack={() => void reload()}
          />
        )}
      </div>
    </section>
  );
}

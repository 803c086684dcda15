import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import {
  OPS_API,
  OPS_PAGES,
  PUBLISHING_ROLES,
  type OpsEditorMetadata,
  type OpsPageDetail,
  type OpsProblem,
  type OpsPublishAnswer,
  type PublishWindow,
} from "@contracts/ops";
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
import { SchedulePanel } from "~/ops/schedule/SchedulePanel";
import { ConflictPanel, type Conflict } from "./ConflictPanel";
import { LocalCopyOffer } from "./LocalCopyOffer";
import { PublishDialog } from "./PublishDialog";
import { mergeBySection, sameConfig, sectionChanges, type SectionChoice } from "./sections";
import { textOf, useDraft } from "./use-draft";
import { crossFieldProblems } from "@contracts/config-rules";
import { eventIdOfPage } from "~/ops/event/event-of-page";
import { sampleTextPointers } from "~/ops/templates/start";
import { EMPTY_UNDO, recordEdit, redoStep, typedFieldOf, undoStep, type UndoState } from "./undo-history";
import { moveEntry, withList } from "./list-moves";
import { UndoButtons, useUndoKeys, useWideScreen } from "./undo-controls";

const ConfigForm = lazy(() => import("./ConfigForm"));
const EventPanel = lazy(() => import("~/ops/event/EventPanel"));

type Tab = "form" | "event" | "json" | "preview" | "history";

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
    ["^[A-Za-z0-9_.]+$", "name"],
  ];
  return Object.fromEntries(named.filter(([pattern]) => pattern !== undefined));
}

const asObject = (value: unknown) => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/** Why Publish is disabled, or null when it is not. */
function publishBlocker(
  t: (key: string, options?: Record<string, unknown>) => string,
  state: { refusal: string | null; problems: number; config: unknown; hasDraft: boolean; same: boolean; conflict: boolean },
): string | null {
  if (state.refusal) return state.refusal;
  if (state.conflict) return t("opsEditor:conflict.help");
  if (state.problems) return t("ops:editor.fixFirst", { count: state.problems });
  if (!state.config) return t("ops:editor.formNeedsJson");
  if (!state.hasDraft) return t("opsEditor:publish.noDraft");
  if (state.same) return t("opsEditor:publish.nothing");
  return null;
}

/**
 * A page's editor: the draft as a form and as JSON (one text underneath, autosaved), its problems at their fields, a
 * preview, publishing and the history. The server's draft is the truth (./use-draft.ts): nothing typed is lost, and
 * another person's change is never overwritten or reverted without the operator choosing so.
 */
export default function Editor({ path }: { path: string }) {
  const { t, i18n } = useTranslation("ops");
  const staff = useStaff();
  const navigate = useNavigate();
  const [detail, setDetail] = useState<OpsPageDetail | null>(null);
  const [metadata, setMetadata] = useState<OpsEditorMetadata | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>("form");
  const [notice, setNotice] = useState<{ kind: "error" | "done"; text: string } | null>(null);
  const [publishProblems, setPublishProblems] = useState<OpsProblem[]>([]);
  const [confirming, setConfirming] = useState(false);
  const draft = useDraft(path, t);
  const { text, saved, save } = draft;
  const [undo, setUndo] = useState<UndoState>(EMPTY_UNDO);
  /** The text as last edited, ahead of the next render (keystrokes can come faster than renders). */
  const currentText = useRef<string | null>(null);
  currentText.current = text;
  const wide = useWideScreen();

  const reload = useCallback(async () => {
    const answer = await opsGet<OpsPageDetail>(OPS_API.page, { path });
    if (!answer.ok) {
      setLoadError(errorText(answer.error, t));
      return null;
    }
    setDetail(answer.data);
    return answer.data;
  }, [path, t]);

  /** Shows a text in the draft (autosaved) without making it an undo step. */
  const show = useCallback(
    (next: string) => {
      currentText.current = next;
      setPublishProblems([]);
      draft.edit(next);
    },
    [draft.edit],
  );
  /** An edit by the operator: one undo step, or part of the current one while typing in the same field (key). */
  const edit = useCallback(
    (next: string, key: string | null = null) => {
      const before = currentText.current;
      if (before === next) return;
      if (before !== null) setUndo((state) => recordEdit(state, before, key, Date.now()));
      show(next);
    },
    [show],
  );
  const adopt = (page: OpsPageDetail) => {
    setUndo(EMPTY_UNDO);
    draft.adopt(page);
  };
  const step = (direction: "undo" | "redo") => {
    const current = currentText.current;
    const taken = current === null ? null : direction === "undo" ? undoStep(undo, current) : redoStep(undo, current);
    if (!taken) return;
    setUndo(taken.state);
    show(taken.text);
  };
  useUndoKeys(step);
  const currentConfig = () => {
    const parsed = currentText.current === null ? null : parseJson(currentText.current);
    return parsed?.ok ? asObject(parsed.value) : null;
  };
  const onMoveEntry = useCallback(
    (listPath: (string | number)[], from: number, to: number) => {
      const current = currentConfig();
      if (current) edit(textOf(withList(current, listPath, (list) => moveEntry(list, from, to))));
    },
    [edit],
  );

  useEffect(() => {
    let current = true;
    void Promise.all([reload(), opsGet<OpsEditorMetadata>(OPS_API.metadata)]).then(([page, meta]) => {
      if (!current || !page) return;
      if (meta.ok) setMetadata(meta.data);
      else setLoadError(errorText(meta.error, t));
      draft.open(page);
    });
    return () => {
      current = false;
      draft.stopTimer();
    };
  }, [path]);

  const parsed = useMemo(() => (text === null ? null : parseJson(text)), [text]);
  const config = parsed?.ok ? asObject(parsed.value) : null;
  const patterns = useMemo(() => (metadata ? patternsOf(metadata.schema as PatternSchema) : {}), [metadata]);
  const problems = useMemo(() => {
    if (!config) return [];
    const local = [
      ...schemaProblems(config, t, patterns),
      ...crossFieldProblems(config).map((problem) => ({ pointer: problem.pointer, message: t(`opsEditor:problems.${problem.code}`, problem.params) })),
      ...sampleTextPointers(config).map((pointer) => ({ pointer, message: t("opsEditor:templates.problems.sampleText") })),
    ];
    const server = saved && saved.text === text ? saved.problems : [];
    return mergeProblems(local, [...server, ...publishProblems], t);
  }, [config, saved, text, publishProblems, t, patterns, i18n.language]);
  const errorSchema = useMemo(() => errorSchemaOf(problems), [problems]);
  const formSchema = useMemo(() => (metadata ? formSchemaOf(metadata.schema) : null), [metadata]);
  const onFormChange = useCallback((next: Record<string, unknown>) => edit(textOf(next), typedFieldOf(currentConfig(), next) ?? null), [edit]);

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

  const publishRefusal = PUBLISHING_ROLES.includes(staff.role) ? null : t("editor.publisherOnly");

  /** Another person published first: their version is shown beside the draft, to choose from; nothing is published. */
  const showPublishConflict = async () => {
    const page = await reload();
    if (!page?.live) return;
    const newest = page.versions[0];
    setConflict({
      kind: "publish",
      editor: newest?.publisher ?? "",
      at: newest?.publishedAt ?? "",
      version: page.live.version,
      theirs: page.live.config,
      theirsText: textOf(page.live.config),
      base: page.draft?.updatedAt ?? null,
    });
  };
  const { setConflict } = draft;

  const publish = async () => {
    setConfirming(false);
    const answer = await opsPost<OpsPublishAnswer>(OPS_API.publish, { path, expectedVersion: detail?.live?.version ?? null });
    if (answer.ok) {
      setNotice({ kind: "done", text: t("editor.published", { version: answer.data.version, path }) });
      setPublishProblems([]);
      // A publish takes the draft it published: what is live is what the editor shows.
      const page = await reload();
      if (page) adopt(page);
      return;
    }
    setNotice({ kind: "error", text: errorText(answer.error, t) });
    if (answer.status === 409) return void showPublishConflict();
    setPublishProblems(answer.error.problems ?? []);
    if (answer.error.problems?.length) setTab("form");
  };

  const askToPublish = async () => {
    if (await draft.saveNow()) setConfirming(true);
  };

  const takeTheirs = async (conflict: Conflict) => {
    if (conflict.kind === "publish") await opsPost(OPS_API.discardDraft, { path });
    draft.resolve(null, conflict.base);
    const page = await reload();
    if (page) adopt(page);
    setNotice({ kind: "done", text: t("opsEditor:conflict.resolvedTheirs") });
  };
  const keepMine = (conflict: Conflict) => {
    draft.resolve(conflict.kind === "draft" ? text : null, conflict.base);
    setNotice({ kind: "done", text: `${t("opsEditor:conflict.resolvedMine")} ${t("opsEditor:conflict.republish")}` });
  };
  const merge = (conflict: Conflict, choices: Record<string, SectionChoice>) => {
    draft.resolve(textOf(mergeBySection(config, conflict.theirs, choices)), conflict.base);
    setNotice({ kind: "done", text: t("opsEditor:conflict.resolvedMerge") });
  };

  const discard = async () => {
    if (!window.confirm(t("editor.confirmDiscard", { path }))) return;
    draft.stopTimer();
    const answer = await opsPost(OPS_API.discardDraft, { path });
    if (!answer.ok) {
      setNotice({ kind: "error", text: errorText(answer.error, t) });
      return;
    }
    draft.dropOffer();
    const page = await reload();
    if (!page?.live) {
      // A page never published was only its draft: nothing is left to edit.
      navigate(OPS_PAGES.home);
      return;
    }
    adopt(page);
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
  const liveConfig = detail.live?.config;
  const blocker = publishBlocker(t, {
    refusal: publishRefusal,
    problems: problems.length,
    config,
    hasDraft: saved !== null || hasUnsaved,
    same: detail.live !== null && sameConfig(config, liveConfig),
    conflict: draft.conflict !== null,
  });
  const publishWindow = (config?.publish as PublishWindow | undefined) ?? undefined;
  const eventId = eventIdOfPage(config);
  const tabs: Tab[] = eventId ? ["form", "event", "json", "preview", "history"] : ["form", "json", "preview", "history"];
  const view = tab;
  // At 1280 px and wider the preview also stands beside the form, the event and the JSON, updated as each autosave
  // lands; the preview tab shows it alone (narrower screens have only the tab).
  const beside = wide && view !== "preview" && view !== "history";
  const preview = (
    <Preview
      path={path}
      window={publishWindow}
      versions={detail.versions}
      hasLive={detail.live !== null}
      hasDraft={saved !== null}
      draftStamp={saved?.updatedAt ?? ""}
    />
  );

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
                  : save.kind === "conflict"
                    ? t("opsEditor:conflict.help")
                    : t("editor.saving")}
            </span>
          </p>
        </div>
        <div className="ops-editor-actions">
          <UndoButtons canUndo={undo.past.length > 0} canRedo={undo.future.length > 0} onStep={step} />
          {saved && (
            <button type="button" className="ops-button" onClick={() => void discard()}>
              {t("editor.discard")}
            </button>
          )}
          <button
            type="button"
            className="ops-button ops-primary"
            disabled={blocker !== null}
            aria-describedby="ops-publish-reason"
            onClick={() => void askToPublish()}
          >
            {t("editor.publish")}
          </button>
          <p id="ops-publish-reason" className="ops-muted">
            {blocker ?? (hasUnsaved ? t("editor.savesFirst") : "")}
          </p>
        </div>
      </div>
      {draft.offer && <LocalCopyOffer at={draft.offer.at} onUse={draft.acceptOffer} onDrop={draft.dropOffer} />}
      {draft.conflict && (
        <ConflictPanel
          key={draft.conflict.at}
          conflict={draft.conflict}
          mine={config}
          onKeepMine={() => draft.conflict && keepMine(draft.conflict)}
          onTakeTheirs={() => draft.conflict && void takeTheirs(draft.conflict)}
          onMerge={(choices) => draft.conflict && merge(draft.conflict, choices)}
        />
      )}
      {confirming && (
        <PublishDialog
          path={path}
          liveVersion={detail.live?.version ?? null}
          changes={detail.live ? sectionChanges(liveConfig, config) : []}
          onConfirm={() => void publish()}
          onCancel={() => setConfirming(false)}
        />
      )}
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
            aria-selected={view === name}
            // Only the chosen view is drawn, so only its tab names a panel.
            aria-controls={view === name ? `ops-panel-${name}` : undefined}
            tabIndex={view === name ? 0 : -1}
            className={view === name ? "ops-tab active" : "ops-tab"}
            onClick={() => {
              if (name === "preview") void draft.saveNow();
              setTab(name);
            }}
            onKeyDown={(event) => {
              const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
              if (!step) return;
              const next = tabs[(tabs.indexOf(name) + step + tabs.length) % tabs.length];
              if (next === "preview") void draft.saveNow();
              setTab(next);
              document.getElementById(`ops-tab-${next}`)?.focus();
            }}
          >
            {t(`editor.tabs.${name}`)}
            {name === "form" && problems.length > 0 && <span className="ops-count">{problems.length}</span>}
          </button>
        ))}
      </div>
      <div className={beside ? "ops-editor-body ops-beside" : "ops-editor-body"}>
        <div id={`ops-panel-${view}`} role="tabpanel" aria-labelledby={`ops-tab-${view}`} className="ops-panel">
          {view === "form" &&
            (config ? (
              <>
                {problems.length > 0 && (
                  <div className="ops-problem-summary" role="alert">
                    <p>{t("editor.problemsTitle", { count: problems.length })}</p>
                    <ProblemList problems={problems} config={config} onShowProblem={showProblem} />
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
                    onMoveEntry={onMoveEntry}
                  />
                </Suspense>
              </>
            ) : (
              <p className="ops-form-error" role="alert">
                {t("editor.formNeedsJson")}
              </p>
            ))}
          {view === "event" && eventId && (
            <Suspense fallback={<p className="ops-muted">{t("layout.loading")}</p>}>
              <EventPanel key={eventId} specialId={eventId} canChange={publishRefusal === null} />
            </Suspense>
          )}
          {view === "json" && <RawJson text={text} problems={problems} onText={(next) => edit(next, "json")} onShowProblem={showProblem} />}
          {view === "preview" && preview}
          {view === "history" && (
            <History
              path={path}
              versions={detail.versions}
              liveVersion={detail.live?.version ?? null}
              hasDraft={saved !== null}
              rollbackRefusal={publishRefusal}
              onRolledBack={() => void reload()}
            />
          )}
          {view === "history" && <SchedulePanel path={path} versions={detail.versions} draftText={saved?.text ?? null} refusal={publishRefusal} />}
        </div>
        {beside && (
          <aside className="ops-side-preview" aria-label={t("opsEditor:sidePreview.title")}>
            <h2>{t("opsEditor:sidePreview.title")}</h2>
            {preview}
          </aside>
        )}
      </div>
    </section>
  );
}

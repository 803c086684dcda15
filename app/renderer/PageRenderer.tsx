import { startTransition, useContext, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { preinit, preloadModule } from "react-dom";
import { useLocation } from "react-router";
import { Link } from "~/routing/link";
import { evaluateGate } from "@contracts/gate";
import type { BindingScope } from "~/pipeline/bindings";
import { openDialog } from "~/stores/dialogs";
import type { PageView } from "~/pipeline/page-view";
import { PageContext, type PageContextValue } from "./page-context";
import { usePageData } from "./use-page-data";
import { WidgetFrame } from "./WidgetFrame";
import { LateFrame } from "./LateFrame";
import { PagePreloadContext } from "./page-code";
import { GatePrompt, gateDialog } from "./GatePrompt";
import { useHydrated } from "./use-hydrated";
import { toLang } from "@contracts/language";
import { useSubjectTitle } from "~/seo/use-subject-title";
import { useViewerAfter } from "./use-viewer";

function NoticePage({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation("common");
  return (
    <section className="notice-page" role="alert">
      <h1>{title}</h1>
      <p>{text}</p>
      <Link className="button button-primary" to="/home">
        {t("nav.backHome")}
      </Link>
    </section>
  );
}

/** Renders one page config: its state (broken, not yet open, closed, gated) or its widgets. */
export function PageRenderer({ view }: { view: PageView }) {
  const { t, i18n } = useTranslation("common");
  const lang = toLang(i18n.language);
  const location = useLocation();
  const hydrated = useHydrated();
  const user = useViewerAfter(view.user);
  const { data, sources } = usePageData(view, hydrated, lang);
  useSubjectTitle(view, data, lang);
  const [now, setNow] = useState(view.serverNow);

  const preload = useContext(PagePreloadContext);
  for (const href of preload) {
    if (href.endsWith(".css")) preinit(href, { as: "style", precedence: "widgets" });
    else preloadModule(href, { as: "script" });
  }

  useEffect(() => {
    // Every widget reading the clock renders again: in slices, not in one task on the page's first frame.
    const tick = () => startTransition(() => setNow(Date.now()));
    tick();
    const timer = setInterval(tick, 30_000);
    return () => clearInterval(timer);
  }, []);

  const pageGate = evaluateGate(view.config.gate, user);
  useEffect(() => {
    const dialog = hydrated && pageGate !== "ok" ? gateDialog(pageGate) : null;
    if (dialog) openDialog(dialog, pageGate);
  }, [hydrated, pageGate]);

  const context = useMemo<PageContextValue>(() => {
    const scope: BindingScope = {
      query: view.query,
      data: Object.fromEntries(Object.entries(data).map(([name, state]) => [name, state.status === "ok" ? state.value : undefined])),
      user: (user as unknown as Record<string, unknown>) ?? null,
      lang,
      translate: (namespace, key) => i18n.t(`${namespace}:${key}`),
    };
    return { view, data, scope, pageKey: location.pathname + location.search, now };
  }, [view, data, user, lang, i18n, location.pathname, location.search, now]);

  if (view.kind === "broken") {
    return (
      <section className="notice-page broken-page" role="alert" data-broken-config={view.path}>
        <h1>{t("broken.title")}</h1>
        <p>{t("broken.text")}</p>
        {view.problems.length > 0 && (
          <ul className="problems">
            {view.problems.map((problem) => (
              <li key={problem.pointer + problem.message}>
                <code>{problem.pointer}</code> {problem.message}
              </li>
            ))}
          </ul>
        )}
        <Link className="button button-primary" to="/home">
          {t("nav.backHome")}
        </Link>
      </section>
    );
  }
  if (view.kind === "unfinishedDraft") {
    return <NoticePage title={t("publish.unfinishedTitle")} text={t("publish.unfinishedText", { count: view.problems.length })} />;
  }
  if (view.kind === "notYetOpen") {
    return <NoticePage title={t("publish.notYetOpenTitle")} text={t("publish.notYetOpenText", { date: view.publishFromText?.[lang] ?? "" })} />;
  }
  if (view.kind === "closed") return <NoticePage title={t("publish.closedTitle")} text={t("publish.closedText")} />;
  if (pageGate !== "ok") return <GatePrompt outcome={pageGate} page />;

  return (
    <PageContext.Provider value={context}>
      <div className={`page theme-${view.config.layout?.theme ?? "default"}`} data-page={view.config.path}>
        {view.config.widgets.map((node, index) =>
          view.lateNodes.includes(index) ? (
            <LateFrame key={`${view.config.path}:${index}`} node={node} id={String(index)} hydrated={hydrated} code={view.lateCode} />
          ) : (
            <WidgetFrame key={`${view.config.path}:${index}`} node={node} id={String(index)} hydrated={hydrated} />
          ),
        )}
        {sources}
      </div>
    </PageContext.Provider>
  );
}

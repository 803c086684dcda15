import { Suspense, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigation } from "react-router";
import { Link } from "~/routing/link";
import type { WidgetNode } from "@schemas/generated/page-config";
import { resolveBindings } from "~/pipeline/bindings";
import { evaluateGate, type GateOutcome } from "@contracts/gate";
import { sourcesOfNode } from "~/pipeline/widget-tree";
import type { WidgetRenderProps } from "@widgets/kit/types";
import { usePage } from "./page-context";
import { isVisible } from "./visible-when";
import { widgetComponent } from "./widget-components";
import { WidgetBoundary, WidgetSkeleton } from "./WidgetBoundary";
import { GatePrompt } from "./GatePrompt";
import { useViewer } from "./use-viewer";

interface Props {
  node: WidgetNode;
  id: string;
  hydrated: boolean;
  /** A top-level widget hydrating late (LateFrame): marked "late" until live, so the client entry does not wait for its code. */
  late?: boolean;
}

/**
 * The shared error state of a widget whose data failed (ADR 043), its own component so only a failing widget asks for
 * translations. Its retry is a link to the page itself: before scripts a reload, after them a navigation to the same
 * URL, which loads the page's data again.
 */
function DataFailed({ type }: { type: string }) {
  const { t } = useTranslation("common");
  const location = useLocation();
  const navigation = useNavigation();
  const here = `${location.pathname}${location.search}`;
  const retrying = navigation.state !== "idle" && `${navigation.location?.pathname}${navigation.location?.search}` === here;
  return (
    <div className="widget-failed" role="status" data-widget-failed={type}>
      <p className="widget-failed-text">{t("widget.dataFailed")}</p>
      <Link className="button widget-retry" to={here} replace preventScrollReset aria-disabled={retrying || undefined}>
        {retrying ? t("faults:retrying") : t("faults:retry")}
      </Link>
    </div>
  );
}

/** One widget of a page: gate, visibility, data state, error boundary and suspense, then the component. */
export function WidgetFrame({ node, id, hydrated, late }: Props) {
  const page = usePage();
  const user = useViewer();
  const outcome: GateOutcome = evaluateGate(node.gate, user);
  if (outcome !== "ok") return <GatePrompt outcome={outcome} />;
  if (!isVisible(node.visibleWhen, page.scope)) return null;

  const states = [...sourcesOfNode(node)].map((name) => page.data[name]);
  const failed = states.find((state) => state?.status === "error");
  if (failed && failed.status === "error") return <DataFailed type={node.type} />;
  if (states.some((state) => state?.status === "loading" || state?.status === "gated")) {
    return <WidgetSkeleton type={node.type} />;
  }

  const Component = widgetComponent(node.type);
  if (!Component) return null;
  const children: ReactNode[] | undefined = node.children?.map((child, index) => (
    <WidgetFrame key={`${id}.${index}`} node={child} id={`${id}.${index}`} hydrated={hydrated} />
  ));
  const renderProps: WidgetRenderProps = {
    props: resolveBindings(node.props ?? {}, page.scope) as Record<string, unknown>,
    data: node.data ? page.data[node.data] : undefined,
    nodeId: id,
    sourceName: node.data,
    children,
  };
  return (
    <WidgetBoundary type={node.type}>
      <Suspense fallback={<WidgetSkeleton type={node.type} />}>
        <div className={`widget widget-${node.type}`} data-widget={node.type} data-node={id} data-hydrate={late ? (hydrated ? "live" : "late") : undefined}>
          <Component {...renderProps} />
        </div>
      </Suspense>
    </WidgetBoundary>
  );
}

import { Suspense, useEffect, useRef, type ReactNode } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import type { WidgetNode } from "@schemas/generated/page-config";
import { resolveBindings } from "~/pipeline/bindings";
import { evaluateGate, type GateOutcome } from "@contracts/gate";
import { sourcesOfNode } from "~/pipeline/widget-tree";
import type { WidgetRenderProps } from "@widgets/kit/types";
import type { DataState } from "~/pipeline/data-state";
import { usePage } from "./page-context";
import { isVisible } from "./visible-when";
import { widgetComponent } from "./widget-components";
import { WidgetBoundary, WidgetSkeleton } from "./WidgetBoundary";
import { GatePrompt } from "./GatePrompt";
import { useViewer } from "./use-viewer";
import { noticeKindOf, StateNotice, useOnline } from "./StateNotice";
import { revalidatePageData } from "./use-page-data";

interface Props {
  node: WidgetNode;
  id: string;
  hydrated: boolean;
  /** A top-level widget hydrating late (LateFrame): marked "late" until live, so the client entry does not wait for its code. */
  late?: boolean;
}

/**
 * The state of a widget whose data failed (ADR 043, ADR 079), its own component so only a failing widget asks for
 * translations: not found, offline or failed, worded as such. Its retry is a link to the page itself: before scripts a
 * reload, after them a navigation to the same URL, which loads the page's server data again, while the browser's own
 * sources are read again through swr. Back online, it retries by itself.
 */
function SourceFailed({ type, failure }: { type: string; failure: { code?: number } }) {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const online = useOnline();
  const wasOnline = useRef(online);
  const here = `${location.pathname}${location.search}`;
  const retrying = navigation.state !== "idle" && `${navigation.location?.pathname}${navigation.location?.search}` === here;
  const kind = noticeKindOf(failure, online);
  useEffect(() => {
    if (online && !wasOnline.current) {
      void revalidatePageData();
      void navigate(here, { replace: true, preventScrollReset: true });
    }
    wasOnline.current = online;
  }, [online, here, navigate]);
  return (
    <div className="widget-failed" data-widget-failed={type}>
      <StateNotice kind={kind} retry={kind === "notFound" ? undefined : { href: here, onRetry: () => void revalidatePageData(), retrying }} />
    </div>
  );
}

/**
 * What stands in for a widget until its sources are in: a failed source's state, a gate the viewer's session does not
 * open (once the browser has the session and still cannot load it: the way in, not a placeholder forever), or loading.
 * Undefined when every source is in.
 */
export function waitingState(states: (DataState | undefined)[], hydrated: boolean): Exclude<DataState, { status: "ok" }> | undefined {
  const failed = states.find((state) => state?.status === "error");
  if (failed) return failed as Exclude<DataState, { status: "ok" }>;
  const gated = states.find((state) => state?.status === "gated");
  if (gated && hydrated) return gated as Exclude<DataState, { status: "ok" }>;
  return gated || states.some((state) => state?.status === "loading") ? { status: "loading" } : undefined;
}

/** One widget of a page: gate, visibility, data state, error boundary and suspense, then the component. */
export function WidgetFrame({ node, id, hydrated, late }: Props) {
  const page = usePage();
  const user = useViewer();
  const outcome: GateOutcome = evaluateGate(node.gate, user);
  if (outcome !== "ok") return <GatePrompt outcome={outcome} />;
  if (!isVisible(node.visibleWhen, page.scope)) return null;

  const waiting = waitingState(
    [...sourcesOfNode(node)].map((name) => page.data[name]),
    hydrated,
  );
  if (waiting?.status === "error") return <SourceFailed type={node.type} failure={waiting} />;
  if (waiting?.status === "gated") return <GatePrompt outcome={waiting.outcome === "ok" ? "needLogin" : waiting.outcome} />;
  if (waiting) return <WidgetSkeleton type={node.type} />;

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

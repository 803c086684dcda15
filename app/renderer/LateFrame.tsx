import { lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ComponentType } from "react";
import type { WidgetNode } from "@schemas/generated/page-config";
import { PageContext } from "./page-context";
import { HydratedUntil } from "./use-hydrated";
import { WidgetFrame } from "./WidgetFrame";
import { WidgetBoundary, WidgetSkeleton } from "./WidgetBoundary";
import { loadWidgetComponents, widgetsLoaded } from "./widget-components";

interface Props {
  node: WidgetNode;
  id: string;
  hydrated: boolean;
  /** Modules only the page's late widgets use (PageView.lateCode). */
  code: string[];
}

interface FrameProps {
  node: WidgetNode;
  id: string;
  hydrated: boolean;
  onHydrated: () => void;
}

function typesUnder(node: WidgetNode, into: string[] = []): string[] {
  into.push(node.type);
  for (const child of node.children ?? []) typesUnder(child, into);
  return into;
}

/** The widget's frame, telling the late frame once it has hydrated (its effects run after its commit). */
function HydratedFrame({ onHydrated, ...frame }: FrameProps) {
  useEffect(onHydrated, [onHydrated]);
  return <WidgetFrame {...frame} late />;
}

/**
 * A top-level widget hydrating late (ADR 037). While its code is on its way React keeps the server's HTML in this
 * Suspense boundary (selective hydration). A boundary still waiting that receives an update is rendered anew on the
 * client, its HTML replaced by a skeleton (what the user typed in a form lost), so until it has hydrated it sees the
 * page as the server rendered it: the page context frozen in a provider of its own (React does not carry a change of
 * the outer one past it), and the boundary's element memoised, so the page's own updates (its clock, the session,
 * data the browser loads) never reach it; so does the page's hydration flag. Once hydrated it takes the live context
 * like any other widget.
 */
export function LateFrame({ node, id, hydrated, code }: Props) {
  const live = useContext(PageContext);
  const [frozen] = useState(live);
  const [Frame] = useState<ComponentType<FrameProps>>(() => {
    const types = typesUnder(node);
    if (widgetsLoaded(types)) return HydratedFrame;
    return lazy(async () => {
      await Promise.all(code.map((href) => import(/* @vite-ignore */ href)));
      await loadWidgetComponents(types);
      return { default: HydratedFrame };
    });
  });
  // Mounted after the page hydrated (a client navigation), there is no server HTML to keep.
  const [awake, setAwake] = useState(hydrated);
  const wake = useCallback(() => setAwake(true), []);
  const frameHydrated = awake && hydrated;
  const boundary = useMemo(
    () => (
      <Suspense fallback={<WidgetSkeleton type={node.type} />}>
        <WidgetBoundary type={node.type}>
          <Frame node={node} id={id} hydrated={frameHydrated} onHydrated={wake} />
        </WidgetBoundary>
      </Suspense>
    ),
    [Frame, node, id, frameHydrated, wake],
  );
  return (
    <PageContext.Provider value={awake ? live : frozen}>
      <HydratedUntil value={frameHydrated}>{boundary}</HydratedUntil>
    </PageContext.Provider>
  );
}

import { lazy, Suspense } from "react";
import type { EssayEditorProps } from "@schemas/generated/page-config";
import "./styles.css";
import type { WidgetRenderProps } from "../kit/types";
import { useHydrated, useViewer } from "../kit/page";

/**
 * The editor shows nothing the server could render (the device copy and the draft are the signed-in writer's), so its
 * code, the rich editor's with it, is fetched once the browser knows the writer, not in the page's first load.
 */
const Editor = lazy(() => import("./Editor"));

/** The article editor for one article (or a new one); another id starts afresh. */
export default function EssayEditor(render: WidgetRenderProps<EssayEditorProps>) {
  const id = Number(render.props.id);
  const essayId = Number.isInteger(id) && id > 0 ? id : null;
  const viewer = useViewer();
  const hydrated = useHydrated();
  if (!hydrated || !viewer) return null;
  return (
    <Suspense fallback={<div className="skeleton skeleton-essayEditor" aria-busy="true" />}>
      <Editor key={`${viewer.id}:${essayId ?? "new"}`} {...render.props} essayId={essayId} userId={Number(viewer.id)} />
    </Suspense>
  );
}

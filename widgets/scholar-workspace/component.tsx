import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScholarWorkspaceProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, useHydrated, useLang, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { type ScholarSections, SectionsView } from "./sections";

/** The editor is its own chunk: visitors never download it. */
const Editor = lazy(() => import("./Editor"));

/** A scholar's sections for everyone; for the profile's owner an "edit my profile" button opening the editor. */
export default function ScholarWorkspace({ props }: WidgetRenderProps<ScholarWorkspaceProps>) {
  const { t } = useTranslation("scholarWorkspace");
  const lang = useLang();
  const viewer = useViewer();
  const hydrated = useHydrated();
  const [editing, setEditing] = useState(false);
  const scholar = (props.scholar ?? {}) as ScholarSections & { authorCode?: unknown };
  const authorCode = asText(scholar.authorCode);
  const mine = hydrated && Boolean(viewer?.authorCode) && viewer?.authorCode === authorCode;

  return (
    <section className="scholar-workspace">
      <SectionsView scholar={scholar} lang={lang} />
      {mine && viewer && (
        <div className="owner-tools">
          <button type="button" className="button primary" aria-expanded={editing} onClick={() => setEditing(!editing)}>
            {editing ? t("owner.close") : t("owner.edit")}
          </button>
          {editing && (
            <Suspense fallback={<p role="status">{t("editor.loading")}</p>}>
              <Editor userId={Number(viewer.id)} authorCode={authorCode} lang={lang} />
            </Suspense>
          )}
        </div>
      )}
    </section>
  );
}

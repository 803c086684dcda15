import { Suspense, lazy } from "react";
import { useSearchParams } from "react-router";
import { Link } from "~/routing/link";
import { useTranslation } from "react-i18next";
import { OPS_PAGES } from "@contracts/ops";

// The editor (RJSF, the generated validator) is loaded only here, never with a public page or the console's lists.
const Editor = lazy(() => import("~/ops/editor/Editor"));

/** /ops/edit?path=/2027ames: one page's draft, preview, publishing and history. */
export default function OpsEdit() {
  const { t } = useTranslation("ops");
  const [search] = useSearchParams();
  const path = search.get("path");
  if (!path?.startsWith("/")) {
    return (
      <p className="ops-form-error" role="alert">
        {t("editor.noPath")} <Link to={OPS_PAGES.home}>{t("layout.pages")}</Link>
      </p>
    );
  }
  // The layout draws its pages only once it knows who is signed in, in the browser: the editor never renders on the server.
  return (
    <Suspense fallback={<p className="ops-muted">{t("layout.loading")}</p>}>
      <Editor key={path} path={path} />
    </Suspense>
  );
}

import { useTranslation } from "react-i18next";
import type { CiteExportProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, fieldAt, readPath, useLang, type WidgetDataReads } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { exportUrls, type CiteKind } from "../parts/citations";

/** The export URL takes at most this many items. */
const EXPORT_MAX = 200;

export const dataReads: WidgetDataReads<CiteExportProps> = (props) => ({ data: fieldAt(props.listField, { id: true }) });

/** One file of the list's items for a reference manager, as BibTeX or RIS. */
export default function CiteExport({ props, data }: WidgetRenderProps<CiteExportProps>) {
  const { t } = useTranslation("cite");
  const lang = useLang();
  const list = data?.status === "ok" ? readPath(data.value, props.listField.split(".")) : undefined;
  const ids = (Array.isArray(list) ? list : [])
    .map((entry) => asText((entry as Record<string, unknown> | null)?.id))
    .filter((id) => /^\d+$/.test(id))
    .slice(0, EXPORT_MAX);
  if (ids.length === 0) return null;
  const urls = exportUrls(
    ids.map((id) => ({ kind: props.kind as CiteKind, id })),
    lang,
  );
  return (
    <p className="cite-export">
      <span className="cite-export-label">{t("exportList", { count: ids.length })}</span>
      <a className="cite-export-link" href={urls.bibtex} download>
        {t("bibtex")}
      </a>
      <a className="cite-export-link" href={urls.ris} download>
        {t("ris")}
      </a>
    </p>
  );
}

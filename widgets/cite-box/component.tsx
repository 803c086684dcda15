import { useEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { CiteBoxProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, fields, readPath, useHydrated, useLang, type Lang, type WidgetDataReads } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { copyText } from "../kit/browser";
import { showToast } from "../kit/session";
import { CITE_STYLES, citationUrls, loadCitations, type CiteKind, type CiteStyle } from "../parts/citations";

type Item = Record<string, unknown>;

/** The item's fields the meta tags read; the references themselves come from the server by id. */
export const dataReads: WidgetDataReads<CiteBoxProps> = () => ({
  props: {
    item: { ...fields("id", "title", "journal", "year", "releaseTime", "orgName", "authorName", "keywords", "keywordsEn"), authors: fields("name") },
  },
});

const COPIED_FOR_MS = 2000;

/** A field in the page's language: the server renders with the item whole, the browser with it cut to its language. */
const textOf = (value: unknown, field: string, lang: Lang) => asText(readPath(value, [field], lang)).trim();

function authorsOf(item: Item, lang: Lang): string[] {
  const listed = Array.isArray(item.authors) ? item.authors.map((author) => textOf(author, "name", lang)) : [textOf(item, "authorName", lang)];
  return listed.filter(Boolean);
}

/** The date Highwire and COinS want: the paper's year, or an article's day in Beijing. */
function publicationDate(item: Item): string {
  const year = Number(item.year);
  if (Number.isInteger(year) && year > 999) return String(year);
  const time = typeof item.releaseTime === "string" ? Date.parse(item.releaseTime) : Number.NaN;
  if (Number.isNaN(time)) return "";
  return new Date(time + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll("-", "/");
}

/** An OpenURL ContextObject in KEV form, as COinS carries it (https://web.archive.org/web/2018/ocoins.info). */
function coinsTitle(kind: CiteKind, item: Item, lang: Lang, authors: string[], date: string): string {
  const isArticle = kind === "paper";
  const context = new URLSearchParams({ ctx_ver: "Z39.88-2004", rft_val_fmt: `info:ofi/fmt:kev:mtx:${isArticle ? "journal" : "book"}` });
  context.append("rft.genre", isArticle ? "article" : kind === "report" ? "report" : "book");
  context.append(isArticle ? "rft.atitle" : "rft.btitle", textOf(item, "title", lang));
  if (isArticle && textOf(item, "journal", lang)) context.append("rft.jtitle", textOf(item, "journal", lang));
  for (const author of authors) context.append("rft.au", author);
  if (date) context.append("rft.date", date.replaceAll("/", "-"));
  if (kind === "report" && textOf(item, "orgName", lang)) context.append("rft.pub", textOf(item, "orgName", lang));
  return context.toString();
}

/**
 * Highwire Press tags (React places <meta> in the document's head) and a COinS span: what Zotero's connector and other
 * reference managers read from a page. No PDF is known for the platform's items, so there is no citation_pdf_url.
 */
function ReferenceManagerTags({ kind, item, lang }: { kind: CiteKind; item: Item; lang: Lang }) {
  const title = textOf(item, "title", lang);
  if (!title) return null;
  const authors = authorsOf(item, lang);
  const date = publicationDate(item);
  const journal = textOf(item, "journal", lang);
  const institution = textOf(item, "orgName", lang);
  const keywordList = lang === "en" && Array.isArray(item.keywordsEn) ? item.keywordsEn : item.keywords;
  const keywords = Array.isArray(keywordList) ? keywordList.map(asText).filter(Boolean) : [];
  return (
    <>
      <meta name="citation_title" content={title} />
      {authors.map((author, index) => (
        <meta key={index} name="citation_author" content={author} />
      ))}
      {date && <meta name="citation_publication_date" content={date} />}
      {kind === "paper" && journal && <meta name="citation_journal_title" content={journal} />}
      {kind === "report" && institution && <meta name="citation_technical_report_institution" content={institution} />}
      {keywords.length > 0 && <meta name="citation_keywords" content={keywords.join("; ")} />}
      <meta name="citation_language" content={lang} />
      <span className="Z3988" title={coinsTitle(kind, item, lang, authors, date)} />
    </>
  );
}

/** How to cite one item: four styles with a copy button each, and its BibTeX and RIS files. */
export default function CiteBox({ props, nodeId }: WidgetRenderProps<CiteBoxProps>) {
  const { t } = useTranslation("cite");
  const lang = useLang();
  const hydrated = useHydrated();
  const item = (props.item && typeof props.item === "object" ? props.item : {}) as unknown as Item;
  const id = asText(item.id);
  const kind = props.kind as CiteKind;
  const [texts, setTexts] = useState<Record<CiteStyle, string> | null | "failed">(null);
  const [copied, setCopied] = useState<CiteStyle | null>(null);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (!id) return;
    let current = true;
    setTexts(null);
    loadCitations(kind, id, lang).then((styles) => {
      if (current) setTexts(styles ?? "failed");
    });
    return () => {
      current = false;
    };
  }, [kind, id, lang]);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  if (!id) return null;
  const urls = citationUrls(kind, id, lang);
  const loaded = texts && texts !== "failed" ? texts : null;

  /** One tap copies; until the texts are in (or without scripts), the link opens the reference as text to copy there. */
  const copy = async (event: MouseEvent<HTMLAnchorElement>, style: CiteStyle) => {
    if (!loaded) return;
    event.preventDefault();
    if (await copyText(loaded[style])) {
      setCopied(style);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(null), COPIED_FOR_MS);
    } else showToast(t("copyFailed"));
  };

  const headingId = `${nodeId}-cite`;
  return (
    <section className="cite-box" aria-labelledby={headingId}>
      {props.highwire && <ReferenceManagerTags kind={kind} item={item} lang={lang} />}
      <h2 id={headingId} className="cite-heading">
        {t("title")}
      </h2>
      <ul className="cite-styles">
        {CITE_STYLES.map((style) => (
          <li key={style} className="cite-style" data-style={style}>
            <div className="cite-style-head">
              <span className="cite-style-name">{t(`styles.${style}`)}</span>
              <a className={`cite-copy${copied === style ? " is-copied" : ""}`} href={urls.text(style)} onClick={(event) => copy(event, style)}>
                {!loaded ? t("open") : copied === style ? t("copied") : t("copy")}
              </a>
            </div>
            {loaded ? (
              <p className="cite-text">{loaded[style]}</p>
            ) : (
              <p className="cite-text cite-pending">{hydrated && texts === null ? t("loading") : texts === "failed" ? t("unavailable") : null}</p>
            )}
          </li>
        ))}
      </ul>
      <p className="cite-downloads">
        <span>{t("download")}</span>
        <a className="cite-download" href={urls.bibtex} download>
          {t("bibtex")}
        </a>
        <a className="cite-download" href={urls.ris} download>
          {t("ris")}
        </a>
      </p>
      <span className="cite-status" role="status">
        {copied ? t("copied") : ""}
      </span>
    </section>
  );
}

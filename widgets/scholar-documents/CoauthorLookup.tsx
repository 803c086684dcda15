import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi, type AnswerOf } from "../kit/api";
import { scholarCalls } from "../kit/calls/scholar";
import type { Lang } from "../kit/page";
import type { DraftAuthor } from "./draft";

type Found = AnswerOf<typeof scholarCalls.coauthorSearch>["list"][number];

/** The document's authors in order: scholars found here (their profile linked) or anyone typed by name. */
export function CoauthorLookup({
  authors,
  lang,
  error,
  onChange,
}: {
  authors: DraftAuthor[];
  lang: Lang;
  error?: string;
  onChange: (authors: DraftAuthor[]) => void;
}) {
  const { t } = useTranslation("scholarWorkspace");
  const id = useId();
  const [text, setText] = useState("");
  const [found, setFound] = useState<Found[] | null>(null);
  const lookUp = async () => {
    const keyword = text.trim();
    if (!keyword) return;
    const answer = await callApi(scholarCalls.coauthorSearch, { keyword });
    setFound(answer.code === 200 ? ((answer.data?.list ?? []) as Found[]) : []);
  };
  const add = (author: DraftAuthor) => {
    if (author.authorCode && authors.some((other) => other.authorCode === author.authorCode)) return;
    onChange([...authors, author]);
    setText("");
    setFound(null);
  };
  return (
    <fieldset className="coauthors" aria-describedby={`${id}-error`}>
      <legend>{t("documents.authors")}</legend>
      <ol className="author-rows">
        {authors.map((author, index) => (
          <li key={`${author.authorCode ?? author.name}-${index}`}>
            <span>
              {author.name}
              {author.orgName && <span className="work-meta"> · {author.orgName}</span>}
              {author.authorCode && <span className="linked"> {t("documents.linked")}</span>}
            </span>
            <button
              type="button"
              className="row-remove"
              aria-label={t("documents.removeAuthor", { name: author.name })}
              onClick={() => onChange(authors.filter((_, at) => at !== index))}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      <label htmlFor={id}>{t("documents.addAuthor")}</label>
      <div className="lookup-row">
        <input
          id={id}
          className="form-control"
          value={text}
          maxLength={50}
          placeholder={t("documents.authorPlaceholder")}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="button" className="button" onClick={() => void lookUp()}>
          {t("documents.lookUp")}
        </button>
      </div>
      {found && (
        <ul className="author-matches" aria-label={t("documents.matches")}>
          {found.map((scholar) => (
            <li key={scholar.authorCode}>
              <button
                type="button"
                className="author-match"
                onClick={() =>
                  add({
                    name: lang === "en" ? scholar.authorNameEn : scholar.authorName,
                    orgName: lang === "en" ? scholar.orgNameEn : scholar.orgName,
                    authorCode: scholar.authorCode,
                  })
                }
              >
                {lang === "en" ? scholar.authorNameEn : scholar.authorName} · {lang === "en" ? scholar.orgNameEn : scholar.orgName}
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="author-match" onClick={() => add({ name: text.trim(), orgName: "" })}>
              {t("documents.addByName", { name: text.trim() })}
            </button>
          </li>
        </ul>
      )}
      <p id={`${id}-error`} className="field-error" role={error ? "alert" : undefined}>
        {error ? t(error) : ""}
      </p>
    </fieldset>
  );
}

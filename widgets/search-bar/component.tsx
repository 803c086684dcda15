import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import type { SearchBarProps } from "@schemas/generated/page-config";
import { clearHistory, readHistory, remember } from "./history";
import "./styles.css";
import { asText, readPath, useHydrated, useLang } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { encodeQueryText, Link, QUERY_TEXT_MAX } from "../kit/links";

const SEARCH_TYPES = new Set(["0", "1", "3", "4"]);

/** Query values that belong to one search and its results, not to the filters a new keyword keeps. */
const SEARCH_OWN = ["kw", "searchType", "pageNum"];

/**
 * The address of a search: the target with the keyword as base64url in kw (spec §2's query rule) and the scope. A
 * search from the page it lists (jobs filtered by type and city) keeps the page's other choices, given as `kept`.
 */
export function searchHref(target: string, keyword: string, searchType?: string, kept?: URLSearchParams): string {
  const params = new URLSearchParams(kept);
  for (const name of SEARCH_OWN) params.delete(name);
  if (searchType) params.set("searchType", searchType);
  if (keyword) params.set("kw", encodeQueryText(keyword));
  const query = params.toString();
  return query ? `${target}?${query}` : target;
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="search-icon">
      <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M16.5 16.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export default function SearchBar({ props }: WidgetRenderProps<SearchBarProps>) {
  const { t } = useTranslation("home");
  const lang = useLang();
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const searchType = SEARCH_TYPES.has(asText(props.searchType)) ? asText(props.searchType) : undefined;
  const current = asText(props.keyword);
  const [text, setText] = useState(current);
  const [history, setHistory] = useState<string[]>([]);
  const target = props.target ?? location.pathname;
  const placeholder = asText(props.placeholder) || t(`search.placeholder.${searchType ?? "0"}`);

  useEffect(() => setText(current), [current]);
  useEffect(() => {
    if (props.history) setHistory(readHistory());
  }, [props.history]);

  if (props.mode === "link") {
    return (
      <Link to={searchHref(target, "", searchType)} className="search-bar search-bar-link">
        <SearchIcon />
        <span>{placeholder}</span>
      </Link>
    );
  }

  const search = (keyword: string) => {
    const trimmed = keyword.trim();
    if (!trimmed) return;
    if (props.history) setHistory(remember(trimmed));
    const here = target === location.pathname;
    navigate(searchHref(target, trimmed, searchType, here ? new URLSearchParams(location.search) : undefined), { replace: here });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    search(text);
  };
  const suggestions = Array.isArray(props.suggestions) ? (props.suggestions as unknown[]) : [];
  const showChips = !current && hydrated;

  return (
    <div className="search-bar-widget">
      <form role="search" className="search-bar" onSubmit={onSubmit}>
        <SearchIcon />
        <input
          type="search"
          name="keyword"
          value={text}
          maxLength={QUERY_TEXT_MAX}
          placeholder={placeholder}
          aria-label={t("search.label")}
          enterKeyHint="search"
          // biome-ignore lint/a11y/noAutofocus: only the search page asks for it (prop autoFocus), where typing is the task
          autoFocus={props.autoFocus}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="search-submit">
          {t("search.submit")}
        </button>
      </form>
      {showChips && props.history && history.length > 0 && (
        <section className="search-chips" aria-label={t("search.history")}>
          <header>
            <h2>{t("search.history")}</h2>
            <button
              type="button"
              className="search-clear"
              onClick={() => {
                clearHistory();
                setHistory([]);
              }}
            >
              {t("search.clearHistory")}
            </button>
          </header>
          <div className="chips">
            {history.map((entry) => (
              <button key={entry} type="button" className="chip" onClick={() => search(entry)}>
                {entry}
              </button>
            ))}
          </div>
        </section>
      )}
      {!current && suggestions.length > 0 && (
        <section className="search-chips" aria-label={t("search.hot")}>
          <header>
            <h2>{t("search.hot")}</h2>
          </header>
          <div className="chips">
            {suggestions.map((entry, index) => {
              const keyword = asText(readPath(entry, ["keyword"], lang));
              return (
                keyword && (
                  <button key={keyword} type="button" className={index < 3 ? "chip chip-hot" : "chip"} onClick={() => search(keyword)}>
                    {keyword}
                  </button>
                )
              );
            })}
          </div>
        </section>
      )}
    </div>
  );
}

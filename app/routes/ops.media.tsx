import { useCallback, useEffect, useState, type FormEvent } from "react";
import type { Route } from "./+types/ops.media";
import { getLocale } from "~/i18n/middleware.server";
import { toLang } from "@contracts/language";
import { MEDIA_MAX_BYTES, OPS_LIBRARY_API, type MediaItem } from "@contracts/ops-library";
import { formatMoment } from "~/format/dates";
import { opsGet, opsPost } from "~/ops/api";
import { opsLibraryCatalogues } from "~/ops/library/catalogue.server";
import { useLibraryTexts } from "~/ops/library/texts";
import "~/ops/library/library.css";

export async function loader({ context }: Route.LoaderArgs) {
  const lang = toLang(getLocale(context));
  return { lang, resources: opsLibraryCatalogues[lang].opsLibrary };
}

const PAGE_SIZE = 60;

type Fields = Partial<Record<"file" | "altZh" | "altEn" | "_form", string>>;
type Editing = { kind: "upload" } | { kind: "replace"; item: MediaItem } | { kind: "describe"; item: MediaItem };

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** The media library (ADR 072): upload with alt text in both languages, search, replace, and copy an image's address. */
export default function OpsMedia({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLibraryTexts(loaderData.lang, loaderData.resources);
  const lang = toLang(i18n.language);
  const [items, setItems] = useState<MediaItem[]>([]);
  const [search, setSearch] = useState("");
  const [shownSearch, setShownSearch] = useState("");
  const [done, setDone] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>({ kind: "upload" });

  const load = useCallback(async (query: string, before?: number) => {
    const answer = await opsGet<{ items: MediaItem[] }>(OPS_LIBRARY_API.media, { search: query, before, limit: PAGE_SIZE });
    if (!answer.ok) {
      setError(answer.error.message);
      return;
    }
    setError(null);
    setShownSearch(query);
    setItems((shown) => (before === undefined ? answer.data.items : [...shown, ...answer.data.items]));
    setDone(answer.data.items.length < PAGE_SIZE);
  }, []);

  useEffect(() => {
    void load("");
  }, [load]);

  const onSaved = (message: string) => {
    setEditing({ kind: "upload" });
    setNotice(message);
    void load(shownSearch);
  };

  return (
    <section className="ops-page">
      <h1>{t("media.title")}</h1>
      <p className="ops-library-intro">{t("media.intro")}</p>
      <MediaForm
        key={editing.kind === "upload" ? "upload" : `${editing.kind}-${editing.item.id}`}
        editing={editing}
        onSaved={onSaved}
        onCancel={() => setEditing({ kind: "upload" })}
        t={t}
      />
      {notice && (
        <p className="ops-done" role="status">
          {notice}
        </p>
      )}
      <form
        className="ops-library-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void load(search.trim());
        }}
      >
        <label className="ops-visually-hidden" htmlFor="media-search">
          {t("media.search")}
        </label>
        <input id="media-search" type="search" value={search} placeholder={t("media.search")} onChange={(event) => setSearch(event.target.value)} />
        <button type="submit" className="ops-button">
          {t("media.searchButton")}
        </button>
      </form>
      {error && (
        <p className="ops-form-error" role="alert">
          {error}
        </p>
      )}
      {items.length === 0 && !error && <p className="ops-muted">{shownSearch ? t("media.noMatch", { search: shownSearch }) : t("media.empty")}</p>}
      <ul className="ops-media-grid">
        {items.map((item) => (
          <li key={item.id} className="ops-media-card">
            <img src={item.url} alt={item.alt[lang]} loading="lazy" width={item.width} height={item.height} />
            <div className="ops-media-card-body">
              <p>
                <strong>{item.alt.zh}</strong>
              </p>
              <p>{item.alt.en}</p>
              <p className="ops-muted">
                {t("media.size", { width: item.width, height: item.height })} ·{" "}
                {t("media.by", { who: item.uploadedBy, when: formatMoment(item.uploadedAt, lang) })}
              </p>
            </div>
            <div className="ops-library-actions">
              <button
                type="button"
                className="ops-button"
                onClick={() => void navigator.clipboard?.writeText(new URL(item.url, window.location.origin).href).then(() => setNotice(t("media.copied")))}
              >
                {t("media.copy")}
              </button>
              <button type="button" className="ops-button" onClick={() => setEditing({ kind: "describe", item })}>
                {t("media.edit")}
              </button>
              <button type="button" className="ops-button" onClick={() => setEditing({ kind: "replace", item })}>
                {t("media.replace")}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {!done && (
        <p>
          <button type="button" className="ops-button" onClick={() => void load(shownSearch, items.at(-1)?.id)}>
            {t("media.more")}
          </button>
        </p>
      )}
    </section>
  );
}

/** Upload, replace or new alt texts: the server checks again and names the field it refuses, shown at that field. */
function MediaForm({
  editing,
  onSaved,
  onCancel,
  t,
}: {
  editing: Editing;
  onSaved: (message: string) => void;
  onCancel: () => void;
  t: (key: string, options?: Record<string, unknown>) => string;
}) {
  const item = editing.kind === "upload" ? null : editing.item;
  const [altZh, setAltZh] = useState(item?.alt.zh ?? "");
  const [altEn, setAltEn] = useState(item?.alt.en ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  const needsFile = editing.kind !== "describe";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Fields = {};
    if (needsFile && !file) missing.file = t("media.fileRequired");
    else if (file && file.size > MEDIA_MAX_BYTES) missing.file = t("media.fileTooLarge");
    if (!altZh.trim()) missing.altZh = t("media.altZhRequired");
    if (!altEn.trim()) missing.altEn = t("media.altEnRequired");
    setFields(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    const alt = { altZh: altZh.trim(), altEn: altEn.trim() };
    const answer =
      editing.kind === "describe"
        ? await opsPost<MediaItem>(OPS_LIBRARY_API.describeMedia, { id: editing.item.id, ...alt })
        : await opsPost<MediaItem>(OPS_LIBRARY_API.media, { data: await readAsDataUrl(file as File), ...alt, ...(item ? { replaces: item.id } : {}) });
    setBusy(false);
    if (answer.ok) {
      onSaved(editing.kind === "describe" ? t("media.saved") : t("media.uploaded"));
      return;
    }
    const field = (answer.error as { field?: keyof Fields }).field ?? "_form";
    setFields({ [field]: answer.error.message });
  };

  const fieldError = (name: keyof Fields) =>
    fields[name] ? (
      <p className="ops-field-error" id={`media-${name}-error`}>
        {fields[name]}
      </p>
    ) : null;
  const heading =
    editing.kind === "upload" ? t("media.upload") : editing.kind === "replace" ? t("media.replacing", { name: editing.item.alt.zh }) : t("media.edit");
  return (
    <form className="ops-library-form" onSubmit={(event) => void submit(event)} noValidate>
      <h2>{heading}</h2>
      {editing.kind === "replace" && <p className="ops-muted">{t("media.replaceNote")}</p>}
      {needsFile && (
        <div>
          <label className="ops-label" htmlFor="media-file">
            {t("media.file")}
          </label>
          <input
            id="media-file"
            type="file"
            accept="image/jpeg,image/png,image/gif"
            aria-invalid={Boolean(fields.file)}
            aria-describedby={fields.file ? "media-file-error" : undefined}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          {fieldError("file")}
        </div>
      )}
      {(["altZh", "altEn"] as const).map((name) => (
        <div key={name}>
          <label className="ops-label" htmlFor={`media-${name}`}>
            {t(`media.${name}`)}
            <span className="ops-required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id={`media-${name}`}
            type="text"
            maxLength={300}
            required
            value={name === "altZh" ? altZh : altEn}
            aria-invalid={Boolean(fields[name])}
            aria-describedby={fields[name] ? `media-${name}-error` : "media-alt-hint"}
            onChange={(event) => (name === "altZh" ? setAltZh : setAltEn)(event.target.value)}
          />
          {fieldError(name)}
        </div>
      ))}
      <p className="ops-muted" id="media-alt-hint">
        {t("media.altHint")}
      </p>
      {fields._form && (
        <p className="ops-form-error" role="alert">
          {fields._form}
        </p>
      )}
      <div className="ops-library-actions">
        <button type="submit" className="ops-button ops-primary" disabled={busy}>
          {busy ? t("media.saving") : editing.kind === "describe" ? t("media.saveAlt") : t("media.save")}
        </button>
        {editing.kind !== "upload" && (
          <button type="button" className="ops-button" onClick={onCancel}>
            {t("media.cancel")}
          </button>
        )}
      </div>
    </form>
  );
}

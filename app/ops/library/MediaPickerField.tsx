import { useEffect, useState } from "react";
import "~/ops/library/library.css";
import { getDefaultRegistry } from "@rjsf/core";
import type { FieldProps } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import { toLang, type Lang } from "@contracts/language";
import { OPS_LIBRARY_API, OPS_LIBRARY_PAGES, type MediaItem } from "@contracts/ops-library";
import { opsGet } from "~/ops/api";

/** The editor's text field for strings, drawn as before; an image prop gets the library's picker beside it. */
const PlainStringField = getDefaultRegistry().fields.StringField;

/** Props that hold an image's address, by their name (image, cover, poster, banner, icon, logo, avatar…). */
const IMAGE_PROP = /(image|img|cover|poster|banner|icon|logo|avatar|picture|photo)(url)?$/i;

const TEXTS: Record<Lang, Record<"choose" | "title" | "search" | "close" | "empty" | "manage", string>> = {
  zh: { choose: "从媒体库选择", title: "选择图片", search: "按替代文字搜索", close: "关闭", empty: "没有匹配的图片", manage: "管理媒体库" },
  en: {
    choose: "Choose from the library",
    title: "Choose an image",
    search: "Search by alt text",
    close: "Close",
    empty: "No image matches",
    manage: "Manage the library",
  },
};

/** Lists the library's images (searchable) and hands the chosen one's address to the field. */
function MediaPicker({ lang, onChoose, onClose }: { lang: Lang; onChoose: (url: string) => void; onClose: () => void }) {
  const [search, setSearch] = useState("");
  const [items, setItems] = useState<MediaItem[] | null>(null);
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      void opsGet<{ items: MediaItem[] }>(OPS_LIBRARY_API.media, { search: search.trim(), limit: 60 }).then((answer) => {
        if (current) setItems(answer.ok ? answer.data.items : []);
      });
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search]);
  const texts = TEXTS[lang];
  return (
    <div className="ops-media-picker" role="dialog" aria-label={texts.title}>
      <div className="ops-library-actions">
        <input type="search" aria-label={texts.search} placeholder={texts.search} value={search} onChange={(event) => setSearch(event.target.value)} />
        <button type="button" className="ops-button" onClick={onClose}>
          {texts.close}
        </button>
        <a className="ops-button" href={OPS_LIBRARY_PAGES.media} target="_blank" rel="noreferrer">
          {texts.manage}
        </a>
      </div>
      {items?.length === 0 && <p className="ops-muted">{texts.empty}</p>}
      <ul className="ops-media-picker-grid">
        {items?.map((item) => (
          <li key={item.id}>
            <button type="button" onClick={() => onChoose(item.url)}>
              <img src={item.url} alt="" width={item.width} height={item.height} loading="lazy" />
              <span>{item.alt[lang]}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The StringField of the editor's form (ADR 072): unchanged for every string, with the picker for an image prop. */
export function MediaPickerField(props: FieldProps) {
  const { i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const lang = toLang(i18n.language);
  const isImage = typeof props.name === "string" && IMAGE_PROP.test(props.name) && !props.readonly && !props.disabled;
  if (!isImage) return <PlainStringField {...props} />;
  return (
    <div className="ops-media-field">
      <PlainStringField {...props} />
      {open ? (
        <MediaPicker
          lang={lang}
          onClose={() => setOpen(false)}
          onChoose={(url) => {
            props.onChange(url, props.fieldPathId.path);
            setOpen(false);
          }}
        />
      ) : (
        <button type="button" className="ops-button" onClick={() => setOpen(true)}>
          {TEXTS[lang].choose}
        </button>
      )}
    </div>
  );
}

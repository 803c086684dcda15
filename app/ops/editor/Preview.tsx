import { useState } from "react";
import { useTranslation } from "react-i18next";
import { opsPreviewUrl, type OpsVersion, type PreviewLang, type PreviewPersona, type PreviewSource, type PublishWindow } from "@contracts/ops";

const PERSONAS: PreviewPersona[] = ["visitor", "user", "scholar", "vip"];
const BEIJING_MS = 8 * 3_600_000;
const HOUR_MS = 3_600_000;

/** "2027-01-13T18:00" in Beijing time, as a datetime-local input shows it; empty for anything that is not a date. */
export function beijingInput(instant: number): string {
  return Number.isFinite(instant) ? new Date(instant + BEIJING_MS).toISOString().slice(0, 16) : "";
}

/** The instant a datetime-local value names, read as Beijing time (the time every page shows). */
export function instantOfBeijing(value: string): number {
  return Date.parse(`${value}:00+08:00`);
}

/** Moments that show each side of a publish window: an hour before it opens, an hour after, an hour after it closes. */
export function windowMoments(window: PublishWindow | undefined): { before?: number; during?: number; after?: number } {
  const from = window?.from ? Date.parse(window.from) : Number.NaN;
  const until = window?.until ? Date.parse(window.until) : Number.NaN;
  return {
    before: Number.isFinite(from) ? from - HOUR_MS : undefined,
    during: Number.isFinite(from) ? from + HOUR_MS : Number.isFinite(until) ? until - HOUR_MS : undefined,
    after: Number.isFinite(until) ? until + HOUR_MS : undefined,
  };
}

interface Props {
  path: string;
  window: PublishWindow | undefined;
  versions: OpsVersion[];
  hasLive: boolean;
  hasDraft: boolean;
  /** Changes whenever the saved draft does, so the frame shows what was saved last. */
  draftStamp: string;
}

/** The page as a phone shows it (390×844), in a language, as a persona, at a moment, from the draft or a version. */
export default function Preview({ path, window, versions, hasLive, hasDraft, draftStamp }: Props) {
  const { t } = useTranslation("ops");
  const [lang, setLang] = useState<PreviewLang>("zh");
  const [persona, setPersona] = useState<PreviewPersona>("visitor");
  const [at, setAt] = useState("");
  // Until the operator chooses, the preview follows the draft as soon as there is one (the first edit makes it).
  const [chosenSource, setSource] = useState<PreviewSource | null>(null);
  // A published draft is gone: the live version shows what it was.
  const source = chosenSource === null || (chosenSource === "draft" && !hasDraft) ? (hasDraft ? "draft" : "live") : chosenSource;
  const moments = windowMoments(window);
  const instant = at ? instantOfBeijing(at) : Number.NaN;
  const url = opsPreviewUrl({ path, lang, as: persona, source, at: Number.isFinite(instant) ? new Date(instant).toISOString() : undefined });
  const quick = (name: "before" | "during" | "after") => {
    const moment = moments[name];
    return (
      <button type="button" className="ops-button" disabled={moment === undefined} onClick={() => moment !== undefined && setAt(beijingInput(moment))}>
        {t(`preview.${name}`)}
      </button>
    );
  };
  return (
    <div className="ops-preview">
      <div className="ops-preview-controls">
        <div>
          <label htmlFor="ops-preview-lang">{t("preview.lang")}</label>
          <select id="ops-preview-lang" value={lang} onChange={(event) => setLang(event.target.value as PreviewLang)}>
            <option value="zh">中文</option>
            <option value="en">English</option>
          </select>
        </div>
        <div>
          <label htmlFor="ops-preview-persona">{t("preview.persona")}</label>
          <select id="ops-preview-persona" value={persona} onChange={(event) => setPersona(event.target.value as PreviewPersona)}>
            {PERSONAS.map((name) => (
              <option key={name} value={name}>
                {t(`preview.personas.${name}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="ops-preview-source">{t("preview.source")}</label>
          <select id="ops-preview-source" value={source} onChange={(event) => setSource(event.target.value as PreviewSource)}>
            {hasDraft && <option value="draft">{t("preview.draft")}</option>}
            {hasLive && <option value="live">{t("preview.live")}</option>}
            {versions.map((version) => (
              <option key={version.version} value={`v${version.version}`}>
                v{version.version}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="ops-preview-at">{t("preview.at")}</label>
          <input id="ops-preview-at" type="datetime-local" value={at} aria-describedby="ops-preview-at-help" onChange={(event) => setAt(event.target.value)} />
          <small id="ops-preview-at-help" className="ops-muted">
            {t("preview.atHelp")}
          </small>
        </div>
        <div className="ops-preview-quick" role="group" aria-label={t("preview.quick")}>
          {quick("before")}
          {quick("during")}
          {quick("after")}
          <button type="button" className="ops-button" disabled={!at} onClick={() => setAt("")}>
            {t("preview.now")}
          </button>
        </div>
      </div>
      <div className="ops-phone">
        <iframe key={`${url}#${source === "draft" ? draftStamp : ""}`} src={url} title={t("preview.frameTitle", { path })} width={390} height={844} />
      </div>
      <p className="ops-muted">
        <a href={url} target="_blank" rel="noreferrer">
          {t("preview.open")}
        </a>
      </p>
    </div>
  );
}

import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi, refusalOf, showFailure, validatedRequest } from "../kit/api";
import { refreshPageData, type Lang } from "../kit/page";
import { showToast } from "../kit/session";
import { checkForm, preloadValidators } from "../kit/form-check";
import { scholarCalls } from "../kit/calls/scholar";
import { scholarProfileCheck } from "../parts/scholar-workspace";
import { draftKey, dropDraft, type ProfileDraft, readDraft, toBody, toDraft, writeDraft } from "./draft";
import { JelPicker } from "../parts/jel-picker";
import { RowsEditor } from "./RowsEditor";
import { PhotoField } from "./PhotoField";
import { ChangeStatus, type ProfileChange } from "./ChangeStatus";

type Loaded = { state: "loading" } | { state: "failed" } | { state: "ready"; change: ProfileChange | null; restored: boolean };

/** The device's unsent draft when there is one, else the platform's profile (or its waiting change, which is newer). */
function useProfileDraft(userId: number, authorCode: string) {
  const key = draftKey(userId, authorCode);
  const [draft, setDraft] = useState<ProfileDraft | null>(null);
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const load = async () => {
    setLoaded({ state: "loading" });
    const answer = await callApi(scholarCalls.getAuthor, { authorCode });
    const kept = readDraft(key);
    if (answer.code !== 200 || !answer.data?.editable) {
      if (kept) setDraft(kept);
      setLoaded(kept ? { state: "ready", change: null, restored: true } : { state: "failed" });
      return;
    }
    const { editable, change } = answer.data;
    setDraft(kept ?? toDraft(change?.status === 0 ? change.profile : editable));
    setLoaded({ state: "ready", change: change ?? null, restored: kept !== null });
  };
  useEffect(() => {
    void load();
  }, [key]);
  const change = (next: ProfileDraft) => {
    setDraft(next);
    writeDraft(key, next);
  };
  return { key, draft, loaded, setLoaded, change, reload: load };
}

function TextField({
  label,
  value,
  onChange,
  error,
  placeholder,
  multiline,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
  multiline?: boolean;
}) {
  const { t } = useTranslation("scholarWorkspace");
  const id = useId();
  const common = {
    id,
    className: "form-control",
    value,
    placeholder,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": `${id}-error`,
  };
  return (
    <div className="text-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={5} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} onChange={(event) => onChange(event.target.value)} />
      )}
      <p id={`${id}-error`} className="field-error" role={error ? "alert" : undefined}>
        {error ? t(error) : ""}
      </p>
    </div>
  );
}

/** The owner's editor: every section, checked with the profile schema before sending, kept on the device until the platform has it. */
export default function Editor({ userId, authorCode, lang }: { userId: number; authorCode: string; lang: Lang }) {
  const { t } = useTranslation("scholarWorkspace");
  const { key, draft, loaded, setLoaded, change, reload } = useProfileDraft(userId, authorCode);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  if (loaded.state === "loading" || (loaded.state === "ready" && !draft)) return <p role="status">{t("editor.loading")}</p>;
  if (loaded.state === "failed" || !draft)
    return (
      <p role="alert">
        {t("editor.loadFailed")}{" "}
        <button type="button" className="button" onClick={() => void reload()}>
          {t("editor.retry")}
        </button>
      </p>
    );

  const set =
    <K extends keyof ProfileDraft>(name: K) =>
    (value: ProfileDraft[K]) =>
      change({ ...draft, [name]: value });
  const submit = async () => {
    const body = toBody(draft);
    const problems = await checkForm(scholarProfileCheck, body);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const answer = await callApi(scholarCalls.editAuthor, validatedRequest(scholarCalls.editAuthor, body));
      const fields = refusalOf(answer).fields;
      if (answer.code === 400 && fields) return setErrors(fields);
      if (answer.code !== 200) return showFailure(answer);
      dropDraft(key);
      setLoaded({ state: "ready", change: answer.data ?? null, restored: false });
      showToast(answer.message ?? "", "success");
      refreshPageData();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="workspace-editor"
      onFocus={() => preloadValidators(scholarProfileCheck)}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <h2>{t("editor.title")}</h2>
      <ChangeStatus change={loaded.change} lang={lang} />
      {loaded.restored && <p className="draft-note">{t("editor.draftRestored")}</p>}
      <TextField label={t("editor.name")} value={draft.authorName} onChange={set("authorName")} error={errors.authorName} />
      <TextField label={t("editor.org")} value={draft.orgName} onChange={set("orgName")} error={errors.orgName} />
      <PhotoField url={draft.portraitUrl} onChange={set("portraitUrl")} error={errors.portraitUrl} />
      <JelPicker legend={t("sections.fields")} chosen={draft.jelCodes} onChange={set("jelCodes")} lang={lang} error={errors.jelCodes} />
      <RowsEditor
        legend={t("sections.work")}
        rows={draft.workHistory}
        fields={[
          { name: "organization", label: t("editor.organization") },
          { name: "position", label: t("editor.position") },
          { name: "startYear", label: t("editor.startYear"), numeric: true },
          { name: "endYear", label: t("editor.endYear"), numeric: true },
        ]}
        empty={{ organization: "", position: "", startYear: "", endYear: "" }}
        addLabel={t("editor.addWork")}
        onChange={set("workHistory")}
        error={errors.workHistory}
      />
      <RowsEditor
        legend={t("sections.education")}
        rows={draft.education}
        fields={[
          { name: "institution", label: t("editor.institution") },
          { name: "degree", label: t("editor.degree") },
          { name: "year", label: t("editor.year"), numeric: true },
        ]}
        empty={{ institution: "", degree: "", year: "" }}
        addLabel={t("editor.addEducation")}
        onChange={set("education")}
        error={errors.education}
      />
      <TextField label={t("editor.introduction")} value={draft.introduction} onChange={set("introduction")} error={errors.introduction} multiline />
      <TextField
        label={t("editor.homepage")}
        value={draft.homepage}
        onChange={set("homepage")}
        error={errors.homepage}
        placeholder={t("editor.homepagePlaceholder")}
      />
      <TextField label={t("editor.orcid")} value={draft.orcid} onChange={set("orcid")} error={errors.orcid} placeholder={t("editor.orcidPlaceholder")} />
      <TextField label={t("editor.repec")} value={draft.repec} onChange={set("repec")} error={errors.repec} placeholder={t("editor.repecPlaceholder")} />
      <TextField
        label={t("editor.googleScholar")}
        value={draft.googleScholar}
        onChange={set("googleScholar")}
        error={errors.googleScholar}
        placeholder={t("editor.googleScholarPlaceholder")}
      />
      {errors._form && (
        <p className="field-error" role="alert">
          {t(errors._form)}
        </p>
      )}
      <p className="field-hint">{t("editor.reviewNote")}</p>
      <button type="submit" className="button primary" disabled={busy} aria-busy={busy}>
        {busy ? t("editor.busy") : t("editor.submit")}
      </button>
    </form>
  );
}

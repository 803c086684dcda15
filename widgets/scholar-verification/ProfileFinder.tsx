import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi, showFailure, type AnswerOf } from "../kit/api";
import { readPath, asText, useLang } from "../kit/page";
import { scholarCalls } from "../kit/calls/scholar";

export type FoundAuthor = AnswerOf<typeof scholarCalls.similarAuthors>["list"][number];

/** What the application asks for: an existing profile to claim, a new one, or (not searched) a new one as before. */
export type ClaimTarget = { kind: "claim"; author: FoundAuthor } | { kind: "create" } | null;

/** The similar-author search before applying: claim a listed profile nobody owns, or create one when none is yours. */
export function ProfileFinder({ target, onChoose }: { target: ClaimTarget; onChoose: (target: ClaimTarget) => void }) {
  const { t } = useTranslation("scholarWorkspace");
  const lang = useLang();
  const id = useId();
  const [name, setName] = useState("");
  const [found, setFound] = useState<{ name: string; list: FoundAuthor[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const text = (author: FoundAuthor, field: string) => asText(readPath(author, [field], lang));

  if (target)
    return (
      <div className="profile-finder chosen" role="status">
        <p>
          {target.kind === "claim"
            ? t("claim.claiming", { name: text(target.author, "authorName"), org: text(target.author, "orgName") })
            : t("claim.creating")}
        </p>
        <button type="button" className="button" onClick={() => onChoose(null)}>
          {t("claim.change")}
        </button>
      </div>
    );

  const search = async () => {
    const query = name.trim();
    if (!query) return;
    setBusy(true);
    const answer = await callApi(scholarCalls.similarAuthors, { name: query }).finally(() => setBusy(false));
    if (answer.code === 200) setFound({ name: query, list: answer.data?.list ?? [] });
    else showFailure(answer);
  };

  return (
    <div className="profile-finder">
      <h2>{t("claim.findTitle")}</h2>
      <p className="finder-hint">{t("claim.findHint")}</p>
      <form
        className="finder-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
      >
        <label htmlFor={`${id}-name`}>{t("claim.name")}</label>
        <input id={`${id}-name`} className="form-control" value={name} maxLength={50} onChange={(event) => setName(event.target.value)} />
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? t("claim.searching") : t("claim.search")}
        </button>
      </form>
      {found && (
        <ul className="finder-results">
          {found.list.map((author) => (
            <li key={author.authorCode}>
              <span>
                <strong>{text(author, "authorName")}</strong> {text(author, "orgName")}
              </span>
              <button type="button" className="button" onClick={() => onChoose({ kind: "claim", author })}>
                {t("claim.claimThis")}
              </button>
            </li>
          ))}
          {found.list.length === 0 && <li className="finder-none">{t("claim.noneFound", { name: found.name })}</li>}
          <li>
            <button type="button" className="button" onClick={() => onChoose({ kind: "create" })}>
              {t("claim.create")}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

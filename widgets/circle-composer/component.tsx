import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { CircleComposerProps } from "@schemas/generated/page-config";
import "./circle-composer.css";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, isSuccess, refusalOf } from "../kit/api";
import { accountCalls } from "../kit/calls/account";
import { circleCalls } from "../kit/calls/circle";
import { askedToLogIn, showToast } from "../kit/session";
import { useHydrated, useViewer } from "../kit/page";
import { compressImage, readStorage, toBase64, writeStorage } from "../kit/browser";
import { circleImageProblem, circlePostProblems, preloadCircleChecks } from "./circle-compose";

/** Images per post (spec §5) and characters of text. */
const MAX_IMAGES = 9;
const MAX_CHARACTERS = 1000;
/** The text typed so far, kept in this browser so a reload or a closed tab loses nothing (one draft per account on it). */
const draftKeyOf = (userId: number | string | undefined) => `circleDraft:${userId ?? 0}`;
/** Circle images are seen full screen: larger sides than this are scaled down when they are compressed. */
const IMAGE_MAX_SIDE = 1920;
const UPLOAD_TIMEOUT_MS = 60_000;

interface Picked {
  key: number;
  preview: string;
  url: string | null;
}

/** The composer: text with its count, the picked images uploading as they are picked, and the post button. */
export default function CircleComposer({ props }: WidgetRenderProps<CircleComposerProps>) {
  const { t } = useTranslation("circle");
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // Another account signed in on this device never sees the draft of the one before.
  const draftKey = draftKeyOf(useViewer()?.id);
  const [text, setText] = useState("");
  const [images, setImages] = useState<Picked[]>([]);
  /** What is wrong with the post as it stands, in the reader's words, and whether it is about the text. */
  const [problem, setProblem] = useState<{ text: string; aboutText: boolean } | null>(null);
  const [posting, setPosting] = useState(false);
  const nextKey = useRef(0);
  const picked = useRef<Picked[]>([]);
  picked.current = images;

  useEffect(() => {
    if (hydrated) setText(readStorage(draftKey) ?? "");
  }, [hydrated, draftKey]);
  // Previews are object URLs of the chosen files: let them go with the page.
  useEffect(() => () => picked.current.forEach((image) => URL.revokeObjectURL(image.preview)), []);

  const type = (value: string) => {
    setText(value);
    setProblem(null);
    writeStorage(draftKey, value || null);
  };

  const upload = async (file: File, key: number) => {
    try {
      // GIFs go as they are (compressing would stop them moving); JPG and PNG by the spec's quality steps.
      const image = file.type === "image/gif" ? file : await compressImage(file, IMAGE_MAX_SIDE);
      const answer = await callApi(
        accountCalls.uploadFile,
        { purpose: "circle", contentType: image.type, data: await toBase64(image) },
        { timeoutMs: UPLOAD_TIMEOUT_MS },
      );
      if (askedToLogIn(answer)) {
        // The login dialog says what to do; an error beside it would only repeat it.
        drop(key);
        return;
      }
      if (!isSuccess(answer) || !answer.data) throw new Error(answer.message || t("composer.uploadFailed"));
      const url = answer.data.url;
      setImages((current) => current.map((shown) => (shown.key === key ? { ...shown, url } : shown)));
    } catch (error) {
      showToast(error instanceof Error && error.message ? error.message : t("composer.uploadFailed"), "error");
      drop(key);
    }
  };

  const choose = async (files: File[]) => {
    const refusals = await Promise.all(files.map((file) => circleImageProblem(file)));
    let room = MAX_IMAGES - picked.current.length;
    const added: Picked[] = [];
    for (const [index, file] of files.entries()) {
      if (room === 0) {
        showToast(t("post.tooManyImages"), "error");
        setProblem({ text: t("post.tooManyImages"), aboutText: false });
        break;
      }
      const refusal = refusals[index];
      if (refusal) {
        showToast(`${file.name}: ${t(refusal)}`, "error");
        continue;
      }
      const image = { key: nextKey.current++, preview: URL.createObjectURL(file), url: null };
      added.push(image);
      room--;
      void upload(file, image.key);
    }
    if (added.length) setImages((current) => [...current, ...added]);
  };

  const drop = (key: number) =>
    setImages((current) => {
      const gone = current.find((image) => image.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return current.filter((image) => image.key !== key);
    });

  const uploading = images.some((image) => !image.url);

  const submit = async () => {
    const post = { content: text.trim(), images: images.flatMap((image) => (image.url ? [image.url] : [])) };
    // Busy from here: a second tap while the check's validators are still arriving posts nothing twice.
    setPosting(true);
    const refusal = Object.values(await circlePostProblems(post))[0];
    if (refusal) {
      setPosting(false);
      setProblem({ text: t(refusal), aboutText: refusal.startsWith("circle:post.required") || refusal.startsWith("circle:post.tooLong") });
      return;
    }
    const answer = await callApi(circleCalls.addPost, post);
    setPosting(false);
    if (askedToLogIn(answer)) return;
    if (!isSuccess(answer)) {
      // The text stays as typed (a risk word named, a limit reached): the writer changes it and posts again.
      const refused = refusalOf(answer);
      setProblem({ text: answer.message || t("common:actions.failed"), aboutText: Boolean(refused?.word || refused?.fields?.content) });
      showToast(answer.message || t("common:actions.failed"), "error");
      return;
    }
    writeStorage(draftKey, null);
    showToast(t("composer.posted"), "success");
    navigate(props.listLink, { replace: true });
  };

  const characters = [...text].length;
  return (
    <section className="circle-composer" data-testid="circle-composer">
      <label className="circle-composer-label" htmlFor="circle-composer-text">
        {t("composer.label")}
      </label>
      <textarea
        // The checks run at the post and at each chosen image: their validators come while the writer types.
        onFocus={preloadCircleChecks}
        id="circle-composer-text"
        className="circle-composer-text"
        value={text}
        rows={6}
        placeholder={t("composer.placeholder")}
        aria-invalid={problem?.aboutText ? true : undefined}
        onChange={(event) => type(event.target.value)}
      />
      <p className={characters > MAX_CHARACTERS ? "circle-composer-count circle-composer-over" : "circle-composer-count"}>
        {characters}/{MAX_CHARACTERS}
      </p>
      <ul className="circle-composer-images" aria-label={t("composer.images")}>
        {images.map((image, index) => (
          <li key={image.key} data-testid="composer-image" data-uploaded={image.url ? "true" : "false"}>
            <img src={image.preview} alt={t("viewer.image", { index: index + 1, count: images.length })} />
            {!image.url && <span className="circle-composer-uploading">{t("composer.uploading")}</span>}
            <button type="button" className="circle-composer-drop" aria-label={t("composer.dropImage", { index: index + 1 })} onClick={() => drop(image.key)}>
              ×
            </button>
          </li>
        ))}
        <li>
          <label className="circle-composer-pick">
            <span aria-hidden="true">＋</span>
            <span>{t("composer.addImages", { count: images.length, max: MAX_IMAGES })}</span>
            <input
              type="file"
              accept="image/jpeg,image/png,image/gif"
              multiple
              className="circle-composer-file"
              disabled={!hydrated}
              data-testid="composer-files"
              onClick={preloadCircleChecks}
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = "";
                void choose(files);
              }}
            />
          </label>
        </li>
      </ul>
      <p className="circle-composer-rule">{t("composer.rule")}</p>
      {problem && (
        <p className="circle-composer-problem" role="alert">
          {problem.text}
        </p>
      )}
      <button type="button" className="button button-primary circle-composer-submit" disabled={!hydrated || posting || uploading} onClick={() => void submit()}>
        {posting ? t("composer.posting") : uploading ? t("composer.waitUploads") : t("composer.submit")}
      </button>
    </section>
  );
}

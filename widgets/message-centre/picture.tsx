import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi, isSuccess } from "../kit/api";
import { accountCalls } from "../kit/calls/account";
import { compressImage, toBase64 } from "../kit/browser";
import { checkForm, preloadValidators } from "../kit/form-check";

/** What a person sends: text, or a picture the upload stored. */
export type Outgoing = { text: string } | { imageUrl: string };

/** Pictures go through the circle's image pipeline (ADR 041, 092): JPG, PNG or GIF of at most 5 MB, 1920 px at most. */
const PICTURE_PURPOSE = "circle";
const PICTURE_MAX_SIDE = 1920;
const UPLOAD_TIMEOUT_MS = 60_000;
const imageCheck = { id: "image-upload", loadValidators: () => import("@schemas/generated/forms/image-upload.validators.js") };
const messageCheck = { id: "direct-message", loadValidators: () => import("@schemas/generated/forms/direct-message.validators.js") };

/** The first problem (an i18n key) the platform's schema finds in a message, or "" when it may go. */
export async function outgoingProblem(message: { toUserId: number } & Outgoing): Promise<string> {
  return Object.values(await checkForm(messageCheck, message))[0] ?? "";
}

/** The first problem the upload's schema finds in a chosen file (its type and size), or "". */
export async function pictureProblem(file: { type: string; size: number }): Promise<string> {
  return Object.values(await checkForm(imageCheck, { purpose: PICTURE_PURPOSE, contentType: file.type, size: file.size }))[0] ?? "";
}

/**
 * The picture button of the composer: the chosen file is checked, scaled (GIFs go as they are, to keep moving) and
 * uploaded, where the platform checks its bytes and re-encodes it; then it is sent at once.
 */
export function PictureButton({
  disabled,
  onBusy,
  onProblem,
  onUploaded,
}: {
  disabled: boolean;
  onBusy: (busy: boolean) => void;
  onProblem: (message: string) => void;
  onUploaded: (imageUrl: string) => Promise<boolean>;
}) {
  const { t } = useTranslation("messages");
  const send = async (file: File) => {
    const refused = await pictureProblem(file);
    if (refused) {
      onProblem(t(refused));
      return;
    }
    onBusy(true);
    try {
      const image = file.type === "image/gif" ? file : await compressImage(file, PICTURE_MAX_SIDE);
      const answer = await callApi(
        accountCalls.uploadFile,
        { purpose: PICTURE_PURPOSE, contentType: image.type, data: await toBase64(image) },
        { timeoutMs: UPLOAD_TIMEOUT_MS },
      );
      if (isSuccess(answer) && answer.data) await onUploaded(answer.data.url);
      else onProblem(answer.message || t("composer.pictureFailed"));
    } catch {
      onProblem(t("composer.pictureFailed"));
    } finally {
      onBusy(false);
    }
  };
  return (
    <label className={disabled ? "message-picture disabled" : "message-picture"} title={t("composer.image")}>
      <input
        type="file"
        className="visually-hidden"
        accept="image/jpeg,image/png,image/gif"
        disabled={disabled}
        onFocus={() => preloadValidators(imageCheck)}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void send(file);
        }}
      />
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5a1.5 1.5 0 1 0 0-.01" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      </svg>
      <span className="visually-hidden">{t("composer.image")}</span>
    </label>
  );
}

/** A picture in a conversation: a thumbnail that opens full size in a dialog (Escape, the close button or a tap closes it). */
export function PictureMessage({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation("messages");
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (open) dialog.current?.showModal();
  }, [open]);
  return (
    <>
      <button type="button" className="message-thumb" aria-label={t("composer.imageOpen")} onClick={() => setOpen(true)}>
        <img src={src} alt={alt} loading="lazy" />
      </button>
      {open && (
        // biome-ignore lint/a11y/useKeyWithClickEvents: a tap on the picture closes it; Escape and the close button are the keyboard path
        <dialog ref={dialog} className="message-viewer" aria-label={alt} onClose={() => setOpen(false)} onClick={() => dialog.current?.close()}>
          <img src={src} alt={alt} />
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            {t("composer.imageClose")}
          </button>
        </dialog>
      )}
    </>
  );
}

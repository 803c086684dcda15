import { useState } from "react";
import { useTranslation } from "react-i18next";
import { callApi, showFailure } from "../kit/api";
import { accountCalls } from "../kit/calls/account";
import { showToast } from "../kit/session";
import { checkForm, preloadValidators } from "../kit/form-check";
import { compressImage, toBase64 } from "../kit/browser";

const photoCheck = { id: "image-upload", loadValidators: () => import("@schemas/generated/forms/image-upload.validators.js") };

/** The profile photo through the image pipeline: checked like an avatar (JPG/PNG, 2 MB), compressed, uploaded; the URL goes into the draft. */
export function PhotoField({ url, onChange, error }: { url: string; onChange: (url: string) => void; error?: string }) {
  const { t } = useTranslation("scholarWorkspace");
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File) => {
    const problems = await checkForm(photoCheck, { purpose: "avatar", contentType: file.type, size: file.size });
    const problem = Object.values(problems)[0];
    if (problem) return showToast(t(problem), "error");
    setUploading(true);
    try {
      const image = await compressImage(file);
      const answer = await callApi(accountCalls.uploadFile, { purpose: "avatar", contentType: image.type, data: await toBase64(image) });
      if (answer.code === 200 && answer.data) onChange(answer.data.url);
      else showFailure(answer);
    } finally {
      setUploading(false);
    }
  };
  return (
    <div className="photo-field">
      <span className="field-label">{t("editor.photo")}</span>
      <div className="photo-row">
        <img className="photo-preview" src={url || "/avatar.svg"} alt={t("editor.photo")} width="64" height="64" />
        <label className="button photo-pick" aria-busy={uploading}>
          {uploading ? t("editor.uploading") : t("editor.changePhoto")}
          <input
            type="file"
            accept="image/jpeg,image/png"
            className="photo-file"
            disabled={uploading}
            onClick={() => preloadValidators(photoCheck)}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void upload(file);
            }}
          />
        </label>
      </div>
      <small>{t("editor.photoRule")}</small>
      {error && (
        <p className="field-error" role="alert">
          {t(error)}
        </p>
      )}
    </div>
  );
}

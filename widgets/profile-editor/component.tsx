import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProfileEditorProps } from "@schemas/generated/page-config";
import profileSchema from "@schemas/generated/forms/profile.schema.json";
import type { ProfileForm } from "@schemas/generated/forms";
import "./profile-editor.css";
import { useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, showFailure } from "../kit/api";
import { accountCalls } from "../kit/calls/account";
import { type SessionUser, showToast, storeSession } from "../kit/session";
import { type FormKit, SchemaForm, serverFieldErrors } from "../kit/forms";
import { checkForm, preloadValidators } from "../kit/form-check";
import { compressImage, toBase64 } from "../kit/browser";

const avatarCheck = { id: "image-upload", loadValidators: () => import("@schemas/generated/forms/image-upload.validators.js") };

/** The chosen file against the image-upload schema for avatars (the upload call checks the same): an i18n key, or null. */
export async function avatarProblem(file: { type: string; size: number }): Promise<string | null> {
  const problems = await checkForm(avatarCheck, { purpose: "avatar", contentType: file.type, size: file.size });
  return Object.keys(problems).length ? (Object.values(problems)[0] ?? "circle:upload.jpgPng") : null;
}

function keep(user: SessionUser | null | undefined): void {
  if (user) storeSession(user);
}

/** Avatar upload and nickname of the signed-in user. */
export default function ProfileEditor({ props }: WidgetRenderProps<ProfileEditorProps>) {
  const { t } = useTranslation();
  const user = useViewer();
  const [uploading, setUploading] = useState(false);
  if (!user) return null;

  const upload = async (file: File) => {
    const problem = await avatarProblem(file);
    if (problem) {
      showToast(t(problem), "error");
      return;
    }
    setUploading(true);
    try {
      const image = await compressImage(file);
      const uploaded = await callApi(accountCalls.uploadFile, { contentType: image.type, data: await toBase64(image) });
      if (uploaded.code !== 200 || !uploaded.data) {
        showFailure(uploaded);
        return;
      }
      const saved = await callApi(accountCalls.updateProfile, { portraitUrl: uploaded.data.url });
      if (saved.code !== 200) {
        showFailure(saved);
        return;
      }
      keep(saved.data);
      showToast(t("personCenter:setting.avatarSaved"), "success");
    } catch {
      showToast(t("circle:upload.jpgPng"), "error");
    } finally {
      setUploading(false);
    }
  };

  return (
    <section className="profile-editor">
      <div className="avatar-row">
        <img className="avatar-preview" src={user.portraitUrl || "/avatar.svg"} alt={t("personCenter:setting.avatar")} width="64" height="64" />
        <label className="button avatar-pick" aria-busy={uploading}>
          {uploading ? t("personCenter:setting.uploading") : t("personCenter:setting.changeAvatar")}
          <input
            type="file"
            accept="image/jpeg,image/png"
            className="visually-hidden-input"
            disabled={uploading}
            // Picking a file takes a moment: the check's validators arrive meanwhile.
            onClick={() => preloadValidators(avatarCheck)}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void upload(file);
            }}
          />
        </label>
        <small>{t("personCenter:setting.avatarRule")}</small>
      </div>
      {props.nickname !== false && (
        <SchemaForm<ProfileForm>
          draftKey="profile"
          kit={{ schema: profileSchema, loadValidators: () => import("@schemas/generated/forms/profile.validators.js") } as FormKit}
          initial={{ nickname: user.nickname ?? "" }}
          uiSchema={{
            nickname: { "ui:title": t("personCenter:setting.nickname"), "ui:placeholder": t("personCenter:setting.nicknamePlaceholder") },
            portraitUrl: { "ui:widget": "hidden" },
          }}
          submitLabel={t("personCenter:setting.save")}
          onSubmit={async (value) => {
            const saved = await callApi(accountCalls.updateProfile, { nickname: value.nickname });
            if (saved.code === 200) {
              keep(saved.data);
              showToast(saved.message ?? "", "success");
              return;
            }
            return serverFieldErrors(saved) ?? void showFailure(saved);
          }}
        />
      )}
    </section>
  );
}

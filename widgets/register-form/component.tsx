import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { RegisterFormProps } from "@schemas/generated/page-config";
import "./register-form.css";
import { asText, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { storeSession } from "../kit/session";
import { PhoneRegisterForm } from "../kit/forms";
import { channelOf, inviteCodeOf, REGISTER_POST } from "./native-post";

/** Channel sign-up by phone: registers, logs in after 2 s, then shows the result page. */
export default function RegisterForm({ props }: WidgetRenderProps<RegisterFormProps>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useViewer();
  return (
    <section className="register-form">
      <h1>{props.title ? asText(props.title) : t("verify:register.title")}</h1>
      {viewer ? (
        <p className="register-signed-in">{t("verify:register.signedIn")}</p>
      ) : (
        <PhoneRegisterForm
          draftKey={REGISTER_POST.id}
          regChannel={channelOf(props)}
          inviteCode={inviteCodeOf(props)}
          onLoggedIn={(answer) => {
            storeSession(answer.user);
            void navigate(props.nextLink);
          }}
        />
      )}
    </section>
  );
}

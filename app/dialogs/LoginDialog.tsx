import { lazy, Suspense, useEffect, useState } from "react";
import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Link } from "~/routing/link";
import useSWR from "swr";
import loginCodeSchema from "@schemas/generated/forms/login-code.schema.json";
import loginEmailSchema from "@schemas/generated/forms/login-email.schema.json";
import loginPasswordSchema from "@schemas/generated/forms/login-password.schema.json";
import type { LoginCodeForm, LoginEmailForm, LoginPasswordForm } from "@schemas/generated/forms";
import { callApi } from "~/api/calls";
import { accountCalls } from "~/api/groups/account";
import { completeLogin, loginFailed, LOGIN_SUCCESS } from "~/account/flows";
import { ensureDeviceId } from "~/browser/storage";
import { externalUrl } from "~/routing/navigation";
import SchemaForm, { serverFieldErrors, type FormKit } from "~/forms/SchemaForm";
import { clearDraft } from "~/forms/drafts";
import { smsTarget } from "~/forms/code-target";
import { draftOf, sourceUrl, useFieldUi } from "~/forms/field-ui";
import type { CodeContext } from "~/forms/widgets";
import { $loginTab, type LoginTab } from "~/stores/account";
import { openDialog } from "~/stores/dialogs";
import type { DialogProps } from "./dialog-props";
import { TabBar } from "./parts";

/** The QR encoder loads only when the WeChat tab shows a code. */
const WechatQr = lazy(() => import("./WechatQr"));

/** Spec §9: the WeChat login result is polled every 3 s. */
export const WECHAT_POLL_MS = 3000;

const DRAFTS = { code: "login-code", password: "login-password", email: "login-email" } as const;

/** Sends a login call; success logs in, a refused body marks its fields, anything else is a login failure (spec §8). */
async function logIn(
  path: typeof accountCalls.loginByPassword | typeof accountCalls.loginByCode | typeof accountCalls.loginByEmail,
  params: LoginCodeForm | LoginPasswordForm | LoginEmailForm,
  via: "code" | "password" | "email",
) {
  const answer = await callApi(path, { ...params, sourceUrl: sourceUrl() });
  if (answer.code === LOGIN_SUCCESS[via] && answer.data) {
    clearDraft(DRAFTS[via]);
    completeLogin(answer.data, via);
    return;
  }
  const fields = serverFieldErrors(answer);
  if (fields) return fields;
  loginFailed(answer);
}

function CodeLogin() {
  const { t } = useTranslation();
  const ui = useFieldUi();
  const context: CodeContext = {
    purpose: "login",
    helpFrom: "login",
    codeTarget: () => smsTarget(draftOf(DRAFTS.code).userName, draftOf(DRAFTS.code).mobilePrefix),
  };
  return (
    <SchemaForm<LoginCodeForm>
      draftKey={DRAFTS.code}
      kit={{ schema: loginCodeSchema, loadValidators: () => import("@schemas/generated/forms/login-code.validators.js") } as FormKit}
      uiSchema={{
        "ui:order": ["mobilePrefix", "userName", "smsVerifyCode", "*"],
        mobilePrefix: ui.prefix,
        userName: ui.phone,
        smsVerifyCode: ui.code,
        uuid: ui.hidden,
        sourceUrl: ui.hidden,
      }}
      context={context as unknown as Record<string, unknown>}
      submitLabel={t("verify:login.submit")}
      busyLabel={t("verify:login.busy")}
      onSubmit={(value) => logIn(accountCalls.loginByCode, { ...value, mobilePrefix: value.mobilePrefix ?? "86", uuid: ensureDeviceId() }, "code")}
    />
  );
}

function PasswordLogin() {
  const { t } = useTranslation();
  const ui = useFieldUi();
  return (
    <SchemaForm<LoginPasswordForm>
      draftKey={DRAFTS.password}
      kit={{ schema: loginPasswordSchema, loadValidators: () => import("@schemas/generated/forms/login-password.validators.js") } as FormKit}
      uiSchema={{
        "ui:order": ["mobilePrefix", "mobile", "password", "*"],
        mobilePrefix: ui.prefix,
        mobile: ui.phone,
        password: ui.password,
        sourceUrl: ui.hidden,
      }}
      submitLabel={t("verify:login.submit")}
      busyLabel={t("verify:login.busy")}
      onSubmit={(value) => logIn(accountCalls.loginByPassword, { ...value, mobilePrefix: value.mobilePrefix ?? "86" }, "password")}
    />
  );
}

function EmailLogin() {
  const { t } = useTranslation();
  const ui = useFieldUi();
  return (
    <SchemaForm<LoginEmailForm>
      draftKey={DRAFTS.email}
      kit={{ schema: loginEmailSchema, loadValidators: () => import("@schemas/generated/forms/login-email.validators.js") } as FormKit}
      uiSchema={{ accountEmail: ui.email, password: ui.password, sourceUrl: ui.hidden }}
      submitLabel={t("verify:login.submit")}
      busyLabel={t("verify:login.busy")}
      onSubmit={(value) => logIn(accountCalls.loginByEmail, { ...value }, "email")}
    />
  );
}

interface WechatScene {
  url: string;
  sceneStr: string;
}

/** WeChat scan: the platform's login URL for this scene, then its result every 3 s until the phone confirms. */
function WechatLogin() {
  const { t } = useTranslation();
  const [scene, setScene] = useState<WechatScene | null>(null);
  const [state, setState] = useState<"loading" | "waiting" | "expired" | "failed">("loading");
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    setState("loading");
    void callApi(accountCalls.wechatLoginCode).then((answer) => {
      if (!current) return;
      if (answer.code === 1 && answer.data && externalUrl(answer.data.url)) {
        setScene(answer.data);
        setState("waiting");
      } else setState("failed");
    });
    return () => {
      current = false;
    };
  }, [round]);

  useSWR(
    scene && state === "waiting" ? ["wechat-poll", scene.sceneStr] : null,
    () => callApi(accountCalls.wechatPoll, { sceneStr: scene!.sceneStr, sourceUrl: sourceUrl(), originalUrl: window.location.href, regChannel: "h5" }),
    {
      refreshInterval: WECHAT_POLL_MS,
      dedupingInterval: 0,
      revalidateOnFocus: false,
      onSuccess: (answer) => {
        if (answer.code === LOGIN_SUCCESS.wechat && answer.data) {
          setState("loading");
          completeLogin(answer.data, "wechat");
        } else if (answer.code === 404) setState("expired");
      },
    },
  );

  return (
    <div className="wechat-login" data-state={state}>
      <p>{t("verify:wechat.hint")}</p>
      {scene && state === "waiting" && (
        <>
          <Suspense fallback={<div className="wechat-qr" />}>
            <WechatQr url={scene.url} label={t("verify:wechat.qr")} />
          </Suspense>
          <a className="wechat-link" href={scene.url} target="_blank" rel="noopener noreferrer">
            {t("verify:wechat.open")}
          </a>
        </>
      )}
      <p className="wechat-status" role="status">
        {t(`verify:wechat.${state}`)}
      </p>
      {(state === "expired" || state === "failed") && (
        <button type="button" className="button" onClick={() => setRound((value) => value + 1)}>
          {t("verify:wechat.refresh")}
        </button>
      )}
    </div>
  );
}

/** The login dialog (spec §2, §4): verification code (default), password, email and WeChat scan. */
export default function LoginDialog({ reason, close }: DialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tab = useStore($loginTab);
  const tabs: { id: LoginTab; label: string }[] = [
    { id: "code", label: t("verify:login.tabs.code") },
    { id: "password", label: t("verify:login.tabs.password") },
    { id: "email", label: t("verify:login.tabs.email") },
    { id: "wechat", label: t("verify:login.tabs.wechat") },
  ];
  return (
    <div className="account-dialog">
      <h2 id="dialog-title">{t("verify:login.title")}</h2>
      {reason === "needLogin" && <p className="dialog-lead">{t("verify:login.needLogin")}</p>}
      <TabBar tabs={tabs} current={tab} label={t("verify:login.title")} onSelect={(id) => $loginTab.set(id)} />
      <div role="tabpanel" className="dialog-panel">
        {tab === "code" && <CodeLogin />}
        {tab === "password" && <PasswordLogin />}
        {tab === "email" && <EmailLogin />}
        {tab === "wechat" && <WechatLogin />}
      </div>
      <div className="dialog-links">
        <button type="button" className="link-button" onClick={() => openDialog("register")}>
          {t("verify:login.toRegister")}
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            close();
            void navigate("/password");
          }}
        >
          {t("verify:login.forgot")}
        </button>
      </div>
      <p className="agreement-note">
        {t("verify:login.agreement")}{" "}
        <Link to="/agreement" onClick={close}>
          {t("verify:login.agreementLink")}
        </Link>{" "}
        ·{" "}
        <Link to="/privacy" onClick={close}>
          {t("verify:login.privacyLink")}
        </Link>
      </p>
    </div>
  );
}

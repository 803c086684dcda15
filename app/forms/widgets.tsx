import { useEffect, useState } from "react";
import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import type { WidgetProps } from "@rjsf/utils";
import { callApi, showFailure } from "~/api/calls";
import { accountCalls } from "~/api/groups/account";
import { freeTextLength } from "@contracts/free-text";
import { randomToken } from "~/browser/storage";
import { $codeCooldowns } from "~/stores/account";
import { $drafts } from "./drafts";
import { openDialog, showToast, type DialogName } from "~/stores/dialogs";
import { $countryPrefixes, loadCountryPrefixes } from "./country-prefixes";
import { captchaError, checkTarget } from "./code-check";
import { cooldownKey, emailTarget, smsTarget, type CodePurpose, type CodeRequest } from "./code-target";

/** Spec §9: the send-code button waits 60 s after a code went out. */
export const RESEND_SECONDS = 60;

/** What a form gives its send-code field through RJSF's formContext. */
export interface CodeContext {
  codeTarget: () => CodeRequest;
  purpose: CodePurpose;
  /** The dialog the help tip returns to when it closes. */
  helpFrom?: DialogName;
}

/** The country prefix picker: the platform's list (cached), shown as "+86 中国大陆". */
function PrefixWidget({ id, value, onChange, disabled, label }: WidgetProps) {
  const { i18n } = useTranslation();
  const prefixes = useStore($countryPrefixes);
  useEffect(() => {
    void loadCountryPrefixes();
  }, []);
  return (
    <select
      id={id}
      className="form-control prefix-select"
      value={value ?? "86"}
      disabled={disabled}
      aria-label={label}
      onChange={(event) => onChange(event.target.value)}
    >
      {prefixes.map((entry) => (
        <option key={entry.id} value={entry.mobilePrefix}>
          +{entry.mobilePrefix} {i18n.language === "en" ? entry.countryEnShort : entry.country}
        </option>
      ))}
    </select>
  );
}

/** A fresh captcha image: the server draws four digits for this randStr. */
function newCaptcha(): { randStr: string; src: string } {
  const randStr = randomToken(20);
  return { randStr, src: `/api/web/captcha.jpg?randStr=${randStr}` };
}

/**
 * The send-code button (spec §4): ready → captcha → 60 s countdown (disabled) → ready, one countdown per purpose and
 * number, so a number typed afresh may be sent a code at once. The captcha is the platform's
 * image of four digits; if the image cannot load, the fallback result with error code 1001 goes to the server, which
 * decides (as with a captcha provider's script failing to load, spec §8).
 */
export function SendCodeButton({ context }: { context: CodeContext }) {
  const { t } = useTranslation();
  const cooldowns = useStore($codeCooldowns);
  // The target is read from the form's draft: this field is not rendered again when another field changes, so the
  // button follows the drafts itself and shows the countdown of the number now typed.
  useStore($drafts);
  const until = cooldowns[cooldownKey(context.purpose, context.codeTarget())] ?? 0;
  const [now, setNow] = useState(() => Date.now());
  const [captcha, setCaptcha] = useState<{ randStr: string; src: string } | null>(null);
  const [ticket, setTicket] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const remaining = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    setNow(Date.now());
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);

  const send = async (randStr: string, answer: string, fallback = false) => {
    const target = checkTarget(context.codeTarget());
    if ("error" in target) {
      setCaptcha(null);
      showToast(t(target.error), "error");
      return;
    }
    setSending(true);
    const params = { randStr, ticket: answer, purpose: context.purpose, ...(fallback ? { errorCode: 1001 } : {}) };
    const result =
      target.channel === "sms"
        ? await callApi(accountCalls.sendSms, { ...params, phoneNum: target.phoneNum, prefix: target.prefix })
        : await callApi(accountCalls.sendEmailCode, { ...params, email: target.email });
    setSending(false);
    if (result.code === 200) {
      const sentTo = target.channel === "sms" ? smsTarget(target.phoneNum, target.prefix) : emailTarget(target.email);
      $codeCooldowns.setKey(cooldownKey(context.purpose, sentTo), Date.now() + RESEND_SECONDS * 1000);
      setCaptcha(null);
      setTicket("");
      showToast(t(target.channel === "sms" ? "verify:code.smsSent" : "verify:code.emailSent"), "success");
      return;
    }
    showFailure(result);
    setTicket("");
    setCaptcha(fallback ? null : newCaptcha());
  };

  const start = () => {
    const target = checkTarget(context.codeTarget());
    if ("error" in target) {
      showToast(t(target.error), "error");
      return;
    }
    setError(null);
    setTicket("");
    setCaptcha(newCaptcha());
  };

  const confirm = () => {
    if (!captcha) return;
    const problem = captchaError(ticket.trim());
    if (problem) {
      setError(t(problem));
      return;
    }
    void send(captcha.randStr, ticket.trim());
  };

  return (
    <>
      <button type="button" className="send-code" disabled={remaining > 0 || sending || captcha !== null} onClick={start}>
        {remaining > 0 ? t("verify:code.resendIn", { seconds: remaining }) : t("verify:code.send")}
      </button>
      {captcha && (
        <div className="captcha-panel" role="group" aria-label={t("verify:captcha.title")}>
          <p className="captcha-title">{t("verify:captcha.title")}</p>
          <div className="captcha-row">
            <button type="button" className="captcha-refresh" title={t("verify:captcha.refresh")} onClick={() => setCaptcha(newCaptcha())}>
              <img
                src={captcha.src}
                alt={t("verify:captcha.image")}
                width="116"
                height="44"
                onError={() => void send(captcha.randStr, `terror_1001_${captcha.randStr}`, true)}
              />
            </button>
            <input
              className="form-control"
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              aria-label={t("verify:captcha.input")}
              placeholder={t("verify:captcha.input")}
              value={ticket}
              onChange={(event) => {
                setTicket(event.target.value);
                setError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  confirm();
                }
              }}
            />
          </div>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="captcha-actions">
            <button type="button" className="button" onClick={() => setCaptcha(null)}>
              {t("verify:captcha.cancel")}
            </button>
            <button type="button" className="button button-primary" disabled={sending} onClick={confirm}>
              {t("verify:captcha.confirm")}
            </button>
          </div>
        </div>
      )}
    </>
  );
}

/** The code field: at most 6 characters, the send-code button beside it and the "code not received?" help. */
function CodeWidget({ id, value, onChange, onBlur, disabled, placeholder, label, registry }: WidgetProps) {
  const { t } = useTranslation();
  const context = registry.formContext as CodeContext;
  return (
    <div className="code-field">
      <div className="code-row">
        <input
          id={id}
          className="form-control"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={value ?? ""}
          disabled={disabled}
          placeholder={placeholder}
          aria-label={label}
          onChange={(event) => onChange(event.target.value === "" ? undefined : event.target.value)}
          onBlur={(event) => onBlur(id, event.target.value)}
        />
        <SendCodeButton context={context} />
      </div>
      <button type="button" className="link-button help-link" onClick={() => openDialog("helpTip", context.helpFrom)}>
        {t("verify:code.notReceived")}
      </button>
    </div>
  );
}

/** A textarea with its count: characters, or the free-text count where a word or a number is one (spec §5). */
function CountedTextarea({ id, value, onChange, onBlur, disabled, placeholder, label, options }: WidgetProps) {
  const text = typeof value === "string" ? value : "";
  const limit = Number(options.limit ?? 0);
  const count = options.freeText ? freeTextLength(text) : [...text].length;
  return (
    <div className="counted">
      <textarea
        id={id}
        className="form-control"
        rows={Number(options.rows ?? 4)}
        value={text}
        disabled={disabled}
        placeholder={placeholder}
        aria-label={label}
        onChange={(event) => onChange(event.target.value === "" ? undefined : event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
      />
      {limit > 0 && (
        <span className={count > limit ? "count over" : "count"} aria-hidden="true">
          {`${count}/${limit}`}
        </span>
      )}
    </div>
  );
}

export const formWidgets = { prefix: PrefixWidget, code: CodeWidget, counted: CountedTextarea };

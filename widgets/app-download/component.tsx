import type { AppDownloadProps } from "@schemas/generated/page-config";
import { useTranslation } from "react-i18next";
import { copyText, isMessagingAppBrowser } from "../kit/browser";
import { formatMoment } from "../kit/format";
import { SmartLink } from "../kit/links";
import { asText, useHydrated, useLang } from "../kit/page";
import { showToast } from "../kit/session";
import type { WidgetRenderProps } from "../kit/types";
import "./styles.css";
import type { SysAndroidVersionAnswer } from "../kit/contracts";

export type AppRelease = SysAndroidVersionAnswer;

function isRelease(value: unknown): value is AppRelease {
  return Boolean(value && typeof value === "object" && typeof (value as AppRelease).downloadUrl === "string");
}

/**
 * Download or open the app. The messaging app's browser blocks both, so there the page says what the spec says
 * ("请复制链接到浏览器，再下载" and the app's name) and offers to copy the link; it can only tell once in the browser.
 */
export default function AppDownload({ props, data }: WidgetRenderProps<AppDownloadProps>) {
  const { t } = useTranslation("common");
  const lang = useLang();
  const hydrated = useHydrated();
  const appName = asText(props.appName) || t("app.name");
  const release = data?.status === "ok" && isRelease(data.value) ? data.value : null;

  if (hydrated && isMessagingAppBrowser(navigator.userAgent)) {
    return (
      <section className="app-download" data-mode="messaging-app">
        <p className="app-download-advice">
          {t("app.copyAdvice")}
          {appName}
        </p>
        <button
          type="button"
          className="button button-primary button-block"
          onClick={async () => showToast((await copyText(window.location.href)) ? t("app.copied") : t("actions.copyFailed"), "info")}
        >
          {t("app.copyLink")}
        </button>
      </section>
    );
  }

  const notes = release ? (lang === "en" ? release.updateContentEn : release.updateContent) : "";
  return (
    <section className="app-download" data-mode={props.mode}>
      {props.mode === "open" && props.openLink && (
        <>
          <a className="button button-primary button-block" href={props.openLink}>
            {t("app.open", { app: appName })}
          </a>
          <p className="app-download-hint">{t("app.notInstalled")}</p>
        </>
      )}
      {props.mode === "open" && props.downloadPage ? (
        <SmartLink to={props.downloadPage} className="button button-block">
          {t("app.download", { app: appName })}
        </SmartLink>
      ) : (
        release && (
          <div className="app-download-stores">
            {release.iosUrl && (
              <a className="button button-primary button-block" href={release.iosUrl} rel="noopener noreferrer" target="_blank">
                {t("app.ios")}
              </a>
            )}
            <a className="button button-block" href={release.downloadUrl} rel="noopener noreferrer" target="_blank">
              {t("app.android")}
            </a>
            <p className="app-download-version">{t("app.version", { version: release.versionName, date: formatMoment(release.updateTime, lang) })}</p>
            {notes && <p className="app-download-notes">{notes}</p>}
          </div>
        )
      )}
    </section>
  );
}

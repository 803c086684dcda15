import type { ResultPanelProps } from "@schemas/generated/page-config";
import "./result-panel.css";
import { asText, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { $loginTab, openDialog } from "../kit/session";
import { SmartLink } from "../kit/links";

const ICONS: Record<string, string> = {
  success: "M5 12.5l4.5 4.5L19 7.5",
  fail: "M7 7l10 10M17 7L7 17",
  mail: "M3 6h18v12H3z M3 7l9 6 9-6",
};

/**
 * An account step's outcome and what to do next: links, or the login and register dialogs. A person already signed in
 * is not offered to log in (the email confirmation is often opened in the browser that is signed in).
 */
export default function ResultPanel({ props }: WidgetRenderProps<ResultPanelProps>) {
  const icon = props.icon;
  const signedIn = useViewer() !== null;
  const actions = props.actions?.filter((action) => !(signedIn && action.dialog === "login"));
  return (
    <section className={`result-panel result-${icon}`}>
      <svg viewBox="0 0 24 24" width="56" height="56" aria-hidden="true" className="result-icon">
        <path d={ICONS[icon]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h1>{asText(props.title)}</h1>
      {props.text && <p>{asText(props.text)}</p>}
      <div className="result-actions">
        {actions?.map((action) => {
          const className = action.primary ? "button button-primary" : "button";
          if (action.dialog) {
            const dialog = action.dialog;
            return (
              <button
                key={asText(action.label)}
                type="button"
                className={className}
                onClick={() => {
                  if (action.loginTab) $loginTab.set(action.loginTab);
                  openDialog(dialog);
                }}
              >
                {asText(action.label)}
              </button>
            );
          }
          return (
            <SmartLink key={asText(action.label)} to={action.link} className={className}>
              {asText(action.label)}
            </SmartLink>
          );
        })}
      </div>
    </section>
  );
}

import { useTranslation } from "react-i18next";
import type { EmptyStateProps } from "@schemas/generated/page-config";
import { asText } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";

export default function EmptyState({ props }: WidgetRenderProps<EmptyStateProps>) {
  const { t } = useTranslation("common");
  return (
    <div className="empty-state">
      <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
        <rect x="10" y="16" width="44" height="34" rx="6" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M10 28h44" stroke="currentColor" strokeWidth="3" />
      </svg>
      <p>{asText(props.text) || t("widget.empty")}</p>
      {props.actionLink && (
        <SmartLink to={props.actionLink} className="button button-primary">
          {asText(props.actionText)}
        </SmartLink>
      )}
    </div>
  );
}

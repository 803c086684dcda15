import type { EmptyStateProps } from "@schemas/generated/page-config";
import { asText, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";

/** A page's own empty state (a search that found nothing): the shared notice (ADR 079), with the page's words and way on. */
export default function EmptyState({ props }: WidgetRenderProps<EmptyStateProps>) {
  return (
    <StateNotice
      kind="empty"
      className="empty-state"
      text={asText(props.text)}
      action={
        props.actionLink && (
          <SmartLink to={props.actionLink} className="button button-primary">
            {asText(props.actionText)}
          </SmartLink>
        )
      }
    />
  );
}

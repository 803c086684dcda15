import type { ErrorStateProps } from "@schemas/generated/page-config";
import { asText } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";

export default function ErrorState({ props }: WidgetRenderProps<ErrorStateProps>) {
  return (
    <section className="error-state" role="alert">
      {props.code && <p className="error-code">{props.code}</p>}
      <h1>{asText(props.title)}</h1>
      {props.text && <p>{asText(props.text)}</p>}
      {props.actionLink && (
        <SmartLink to={props.actionLink} className="button button-primary">
          {asText(props.actionText)}
        </SmartLink>
      )}
    </section>
  );
}

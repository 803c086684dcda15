import type { HeroProps } from "@schemas/generated/page-config";
import { asText } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { Art } from "../parts/art";

export default function Hero({ props }: WidgetRenderProps<HeroProps>) {
  return (
    <section className={`hero hero-${props.tone}`}>
      {props.image && <Art className="hero-image" src={props.image} alt="" shape="poster" placement="visible" />}
      <div className="hero-body">
        <h1>{asText(props.title)}</h1>
        {props.subtitle && <p>{asText(props.subtitle)}</p>}
        {props.actionLink && (
          <SmartLink to={props.actionLink} className="button button-light">
            {asText(props.actionText)}
          </SmartLink>
        )}
      </div>
    </section>
  );
}

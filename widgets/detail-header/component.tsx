import type { DetailHeaderProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, readPath, useLang } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { formatCount } from "../kit/format";
import { Art, artPlacement } from "../parts/art";

/** An e-mail address in a text (a job's "how to apply"): written to, in one tap, as a mailto: link. */
const EMAIL = /([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/;

function LineWithMail({ line }: { line: string }) {
  return (
    <>
      {line.split(EMAIL).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={`mailto:${part}`} className="detail-mail">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n+/)
        .filter((line) => line.trim())
        .map((line, index) => (
          <p key={index}>
            <LineWithMail line={line} />
          </p>
        ))}
    </>
  );
}

export default function DetailHeader({ props, nodeId }: WidgetRenderProps<DetailHeaderProps>) {
  const lang = useLang();
  const image = asText(props.image);
  const shape = props.imageShape;
  const meta = (props.meta ?? []).map(asText).filter(Boolean);
  const count = asText(props.count);
  const sections = Array.isArray(props.sections) ? (props.sections as unknown[]) : [];
  const body = asText(props.body);

  return (
    <article className={`detail-header detail-shape-${shape}`}>
      {image && shape === "wide" && <Art className="detail-image" src={image} alt="" shape="poster" placement={artPlacement(nodeId)} />}
      <div className="detail-head">
        {image && shape === "cover" && <Art className="detail-cover" src={image} alt="" shape="poster" placement={artPlacement(nodeId)} />}
        <div className="detail-titles">
          {asText(props.badge) && <span className="badge">{asText(props.badge)}</span>}
          <h1 className="detail-title">{asText(props.title)}</h1>
          {asText(props.subtitle) && <p className="detail-subtitle">{asText(props.subtitle)}</p>}
          {(meta.length > 0 || count) && (
            <p className="detail-meta">
              {meta.map((entry, index) => (
                <span key={index}>{entry}</span>
              ))}
              {count && (
                <span className="detail-count">
                  {formatCount(count, lang)} {asText(props.countLabel)}
                </span>
              )}
            </p>
          )}
        </div>
      </div>
      {body && (
        <section className="detail-body">
          {asText(props.bodyTitle) && <h2>{asText(props.bodyTitle)}</h2>}
          <Paragraphs text={body} />
        </section>
      )}
      {sections.map((section, index) => (
        <section key={index} className="detail-body">
          <h2>{asText(readPath(section, ["heading"], lang))}</h2>
          <Paragraphs text={asText(readPath(section, ["text"], lang))} />
        </section>
      ))}
      {props.actionLink && (
        <SmartLink to={props.actionLink} className="button button-primary detail-action">
          {asText(props.actionText)}
        </SmartLink>
      )}
    </article>
  );
}

import type { RichTextProps } from "@schemas/generated/page-config";
import { SanitisedHtml } from "../parts/rich-html";
import { asText } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";

type Block = { kind: string; text: unknown };

const BLOCK_TAG: Record<string, "h2" | "h3" | "p" | "li" | "aside"> = {
  heading: "h2",
  subheading: "h3",
  paragraph: "p",
  item: "li",
  note: "aside",
};

/** Consecutive items become one list, so a document reads as headings, paragraphs and lists. */
function group(blocks: Block[]): (Block | Block[])[] {
  const out: (Block | Block[])[] = [];
  for (const block of blocks) {
    const last = out.at(-1);
    if (block.kind === "item" && Array.isArray(last)) last.push(block);
    else out.push(block.kind === "item" ? [block] : block);
  }
  return out;
}

export default function RichText({ props }: WidgetRenderProps<RichTextProps>) {
  const title = asText(props.title);
  if (props.html !== undefined) {
    return (
      <article className="rich-text">
        {title && <h1>{title}</h1>}
        <SanitisedHtml html={asText(props.html)} />
      </article>
    );
  }
  return (
    <article className="rich-text">
      {title && <h1>{title}</h1>}
      {group((props.blocks ?? []) as Block[]).map((entry, index) =>
        Array.isArray(entry) ? (
          <ul key={index}>
            {entry.map((item, itemIndex) => (
              <li key={itemIndex}>{asText(item.text)}</li>
            ))}
          </ul>
        ) : (
          (() => {
            const Tag = BLOCK_TAG[entry.kind] ?? "p";
            return <Tag key={index}>{asText(entry.text)}</Tag>;
          })()
        ),
      )}
    </article>
  );
}

import { sanitizeHtml } from "./sanitize-html";

/**
 * HTML people wrote (an answer, a question's details) as the platform stored it, sanitised again before it is rendered
 * (the kit's allow-list, `sanitize-html`), for widgets that show such text inside their own layout.
 */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeHtml's allow-list first
  return <div className={className ? `rich-text ${className}` : "rich-text"} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}

import { use, useRef } from "react";
import { useHydrated } from "../kit/page";
import { loadedSanitiser, loadSanitiser } from "./html-safety";

// The server sanitises everything it renders: it waits for the sanitiser once, when the widget module loads.
if (typeof document === "undefined") await loadSanitiser();

/**
 * HTML people wrote, rendered through the kit's allow-list (`sanitize-html`) — without shipping the sanitiser in the
 * page's first load (ADR 028). Why this is as safe as sanitising on every render:
 *
 *  - the server renders `sanitizeHtml(html)`, always (it has the sanitiser before any render);
 *  - while hydrating, the browser renders nothing of its own: an empty `__html` with suppressHydrationWarning, so React
 *    keeps the element's children as they came — the server's sanitised output, never the raw string — and React
 *    sets innerHTML only when `__html` changes between renders;
 *  - as long as `html` is the one the server rendered, `__html` stays empty and the server's DOM stays;
 *  - any other HTML (a client navigation, an edit, another language) is sanitised in the browser first: the
 *    component suspends until the sanitiser has loaded, and from then on never goes back to the empty value.
 *
 * So no unsanitised string ever reaches innerHTML; the platform also sanitises rich text when it is saved (ADR 023).
 */
export function SanitisedHtml({ html, className }: { html: string; className?: string }) {
  const hydrated = useHydrated();
  const rendered = useRef<{ serverHtml: string | null; left: boolean }>({ serverHtml: null, left: false });
  const inBrowser = typeof document !== "undefined";
  if (inBrowser && !hydrated && rendered.current.serverHtml === null) rendered.current.serverHtml = html;
  const keepServerDom = inBrowser && !rendered.current.left && rendered.current.serverHtml === html;
  if (!keepServerDom) rendered.current.left = true;
  const __html = keepServerDom ? "" : (loadedSanitiser() ?? use(loadSanitiser()))(html);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised DOM, or sanitizeHtml's output (above)
  return <div className={className} suppressHydrationWarning dangerouslySetInnerHTML={{ __html }} />;
}

/**
 * HTML people wrote (an answer, a question's details) as the platform stored it, sanitised again before it is rendered
 * (the kit's allow-list), for widgets that show such text inside their own layout.
 */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  return <SanitisedHtml html={html} className={className ? `rich-text ${className}` : "rich-text"} />;
}

/**
 * Making text and HTML safe to put into a page, without the sanitiser in the page's first load (ADR 028, 033):
 * `escapeHtml` for text typed as text, and the loader of the allow-list sanitiser (../kit/sanitize-html, about 8 KB gzipped)
 * for HTML the browser must put into a page itself. One module: the widgets needing either are the same few.
 */
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** Text as HTML that shows it as typed: nothing in it is read as markup (text of a paragraph or an attribute value). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ENTITIES[char] ?? char);
}

export type Sanitise = (html: string) => string;

let sanitiser: Sanitise | null = null;
let loading: Promise<Sanitise> | null = null;

/** Characters of stored HTML (inputs and outputs) the server keeps sanitised: a few hundred long articles. */
const SANITISED_CHARS = 16_000_000;

/**
 * The server renders the same stored HTML on every read of it (a formula-heavy article is about 100 KB of MathML, and
 * sanitising it cost more than rendering the rest of the page, issue 32): each distinct text is sanitised once, the
 * output being a function of the input alone. The browser sanitises only what it renders itself, and keeps no copies.
 */
async function sanitisingEachTextOnce(sanitise: Sanitise): Promise<Sanitise> {
  const { LRUCache } = await import("lru-cache");
  // lru-cache refuses a size of 0: an empty text (a draft with no body yet) counts as one character.
  const sanitised = new LRUCache<string, string>({ maxSize: SANITISED_CHARS, sizeCalculation: (clean, html) => Math.max(1, clean.length + html.length) });
  return (html) => {
    let clean = sanitised.get(html);
    if (clean === undefined) {
      clean = sanitise(html);
      sanitised.set(html, clean);
    }
    return clean;
  };
}

/** The allow-list sanitiser, fetched on first need; a failed fetch is tried again on the next call. */
export function loadSanitiser(): Promise<Sanitise> {
  loading ??= import("../kit/sanitize-html").then(
    async (module) => {
      sanitiser = typeof document === "undefined" ? await sanitisingEachTextOnce(module.sanitizeHtml) : module.sanitizeHtml;
      return sanitiser;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The sanitiser once it has loaded, else null. */
export function loadedSanitiser(): Sanitise | null {
  return sanitiser;
}

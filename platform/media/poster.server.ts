import type { Lang } from "@contracts/language.ts";
import type { Db } from "../kernel/db.server.ts";
import { posterRow } from "./queries.server.ts";

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);

const CJK = /[\u3000-\u9fff\uff00-\uffef]/;

const CLOSING_PUNCTUATION = /^[?!.,;:%)\]}…。，、；：？！）》」』”’]+$/u;

/** How wide a text is in em: a CJK character is one, anything else about half. */
const emWidth = (text: string) => [...text].reduce((width, char) => width + (CJK.test(char) ? 1 : 0.55), 0);

/** The title's words; closing punctuation stays with the word before it, so no line starts with "?" or "，". */
function wordsOf(text: string, lang: Lang): string[] {
  const words: string[] = [];
  for (const { segment } of new Intl.Segmenter(lang === "en" ? "en" : "zh", { granularity: "word" }).segment(text)) {
    if (CLOSING_PUNCTUATION.test(segment) && words.length > 0) words[words.length - 1] += segment;
    else words.push(segment);
  }
  return words;
}

/** The words in lines of at most `limit` em, filled greedily. */
function fill(words: string[], limit: number): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.length - 1;
    if (last >= 0 && emWidth((lines[last] + word).trimEnd()) <= limit) lines[last] += word;
    else if (word.trim()) lines.push(word.trimStart());
    else if (last >= 0) lines[last] += word;
  }
  return lines.map((line) => line.trim());
}

/**
 * A title broken into at most `maxLines` lines of at most `maxEm` em, only where a word ends (Intl.Segmenter: Chinese
 * words stay whole, "金融" never splits), the lines balanced so none is left with a lone word; "…" when it is cut.
 */
export function wrapTitle(text: string, lang: Lang, maxEm: number, maxLines: number): string[] {
  const words = wordsOf(text, lang);
  const greedy = fill(words, maxEm);
  let best = greedy;
  // The narrowest width that needs no more lines than the full width does: the most even lines.
  for (let limit = maxEm - 0.5; limit >= maxEm / 2 && greedy.length > 1; limit -= 0.5) {
    const candidate = fill(words, limit);
    if (candidate.length > greedy.length || candidate.some((line) => emWidth(line) > limit)) break;
    best = candidate;
  }
  if (best.length <= maxLines) return best;
  const kept = best.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1].replace(/[\s,，、:：-]+$/, "")}…`;
  return kept;
}

/**
 * A poster for an item, drawn from its own title in the viewer's language (the lang cookie the image request carries):
 * the seed's media, made locally, never fetched. Posters are 16:9 with the item's kind as a kicker; banners are 2:1, the
 * carousel's shape, and keep their bottom sixth clear for the carousel's dots; posters keep their bottom quarter clear for
 * a player's controls.
 */
export function posterSvg(db: Db, id: number, lang: Lang = "zh"): string | null {
  const row = posterRow(db, id);
  if (!row) return null;
  // An essay not everyone may read keeps its title off a poster anyone can fetch.
  if (!row.shown) Object.assign(row, { title: "", title_en: "" });
  const banner = row.kind === "banner";
  const [width, height] = banner ? [720, 360] : [640, 360];
  const en = lang === "en" && Boolean(row.title_en);
  const fontSize = en ? 38 : 44;
  const lineHeight = Math.round(fontSize * 1.27);
  const maxLines = en ? 3 : 2;
  const lines = wrapTitle(en ? row.title_en : row.title, lang, (width - 80) / fontSize, maxLines);
  // Banners sit the title above the carousel's dots; posters below the kicker, clear of a video's controls at the bottom.
  const titleTop = banner ? height - height / 6 - 20 - (lines.length - 1) * lineHeight : 130;
  const hue = (row.id * 47) % 360;
  const kicker = banner
    ? ""
    : `<text x="40" y="60" fill="#fff" opacity=".75" font-family="sans-serif" font-size="22" letter-spacing="3">${escapeXml(row.kind.toUpperCase())}</text>\n`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" lang="${en ? "en" : "zh"}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,32%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,48%)"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width - 80}" cy="70" r="120" fill="#fff" opacity=".08"/><circle cx="80" cy="330" r="90" fill="#fff" opacity=".06"/>
${kicker}${lines.map((line, index) => `<text x="40" y="${titleTop + index * lineHeight}" fill="#fff" font-family="sans-serif" font-size="${fontSize}" font-weight="700">${escapeXml(line)}</text>`).join("\n")}
</svg>`;
}

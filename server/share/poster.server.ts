import sharp from "sharp";
import { encode } from "uqr";
import type { Lang } from "@contracts/language.ts";

/** What a share poster says: every text is the item's own, escaped here, never trusted. */
export interface PosterContent {
  lang: Lang;
  /** "直播" / "Live", "会议" / "Conference", "论文" / "Paper". */
  kicker: string;
  title: string;
  /** Speakers or authors, already joined. */
  byline: string;
  /** When it happens (Beijing time), or a paper's journal and year. */
  when: string;
  /** The page the QR code opens. */
  url: string;
  /** The site's name, as the catalogue says it. */
  brand: string;
  /** The line beside the QR code: "长按识别二维码" / "Scan or long-press the code". */
  scanHint: string;
}

export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1200;
const MARGIN = 56;
const FONT = "'Noto Sans CJK SC', 'Noto Sans CJK', 'DejaVu Sans', sans-serif";

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/**
 * Text as XML may carry it: characters XML 1.0 forbids (most control characters, unpaired surrogates, U+FFFE/FFFF)
 * are dropped, since one of them makes the whole SVG unreadable, and the five markup characters are escaped.
 */
export function escapeSvgText(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]|\p{Cs}/gu, "")
      .replace(/[&<>"']/g, (char) => XML_ESCAPES[char])
  );
}

/**
 * Emoji (with their joiners, skin tones and variation selectors) left out of a poster's text: the server has no colour
 * emoji font, and librsvg would draw each as an empty box.
 */
function withoutEmoji(text: string): string {
  return text
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|[\u200d\ufe0e\ufe0f\u{e0020}-\u{e007f}]|\p{Regional_Indicator}/gu, "")
    .replace(/\s{2,}/g, " ");
}

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** Width in em: a CJK character one, anything else a generous 0.6, so a line never overflows. */
function emWidth(text: string): number {
  let width = 0;
  for (const { segment } of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(text)) width += WIDE.test(segment) ? 1 : 0.6;
  return width;
}

const OPENING_PUNCTUATION = /^[([{（《「『“‘【]+$/u;
const CLOSING_PUNCTUATION = /^[?!.,;:%)\]}…。，、；：？！）》」』”’】]+$/u;

/** A word wider than a line, cut into pieces that fit (a URL, a long run without spaces). */
function cutWord(word: string, maxEm: number): string[] {
  const pieces: string[] = [""];
  for (const { segment } of new Intl.Segmenter("en", { granularity: "grapheme" }).segment(word)) {
    if (emWidth(pieces[pieces.length - 1] + segment) > maxEm) pieces.push(segment);
    else pieces[pieces.length - 1] += segment;
  }
  return pieces;
}

/**
 * Lines of at most maxEm em, broken where words end (Intl.Segmenter keeps Chinese words whole), at most maxLines of
 * them, the last ending in "…" when the text is longer.
 */
export function wrapLines(text: string, lang: Lang, maxEm: number, maxLines: number): string[] {
  const words: string[] = [];
  let opening = "";
  for (const { segment } of new Intl.Segmenter(lang === "en" ? "en" : "zh", { granularity: "word" }).segment(withoutEmoji(text).replace(/\s+/g, " ").trim())) {
    // Opening brackets go with the word after them and closing punctuation with the word before: no line ends in "（"
    // or starts with "，".
    if (OPENING_PUNCTUATION.test(segment)) opening += segment;
    else if (CLOSING_PUNCTUATION.test(segment) && words.length > 0 && !opening) words[words.length - 1] += segment;
    else {
      const word = opening + segment;
      opening = "";
      words.push(...(emWidth(word) > maxEm ? cutWord(word, maxEm) : [word]));
    }
  }
  if (opening) words.push(opening);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.length - 1;
    if (last >= 0 && emWidth(`${lines[last]}${word}`.trimEnd()) <= maxEm) lines[last] += word;
    else if (word.trim()) lines.push(word.trimStart());
  }
  const trimmed = lines.map((line) => line.trim()).filter(Boolean);
  if (trimmed.length <= maxLines) return trimmed;
  const kept = trimmed.slice(0, maxLines);
  let last = kept[maxLines - 1];
  while (last && emWidth(`${last}…`) > maxEm) last = [...last].slice(0, -1).join("");
  kept[maxLines - 1] = `${last.replace(/[\s,，、:：-]+$/, "")}…`;
  return kept;
}

/** The QR code of a URL as one SVG path of its dark modules, placed at (x, y) in a square of `size`. */
function qrPath(url: string, x: number, y: number, size: number): string {
  const { data } = encode(url, { ecc: "M", border: 0 });
  const cell = size / data.length;
  const squares: string[] = [];
  data.forEach((row, rowIndex) =>
    row.forEach((dark, columnIndex) => {
      if (dark)
        squares.push(`M${(x + columnIndex * cell).toFixed(2)} ${(y + rowIndex * cell).toFixed(2)}h${cell.toFixed(2)}v${cell.toFixed(2)}h-${cell.toFixed(2)}z`);
    }),
  );
  return `<path fill="#0b2540" shape-rendering="crispEdges" d="${squares.join("")}"/>`;
}

function textLines(lines: string[], options: { x: number; y: number; size: number; lineHeight: number; fill: string; weight?: number }): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${options.x}" y="${options.y + index * options.lineHeight}" fill="${options.fill}" font-family="${FONT}" font-size="${options.size}"${options.weight ? ` font-weight="${options.weight}"` : ""}>${escapeSvgText(line)}</text>`,
    )
    .join("\n");
}

/** The poster as SVG: the brand, a kicker, the title, who and when, and a card with the QR code to the page. */
export function posterSvg(content: PosterContent): string {
  const en = content.lang === "en";
  const inner = POSTER_WIDTH - 2 * MARGIN;
  const titleSize = en ? 50 : 56;
  const titleLineHeight = Math.round(titleSize * 1.3);
  const title = wrapLines(content.title, content.lang, inner / titleSize, 5);
  const titleTop = 300;
  const bylineTop = titleTop + (title.length - 1) * titleLineHeight + 80;
  const byline = wrapLines(content.byline, content.lang, inner / 30, 2);
  const whenTop = bylineTop + byline.length * 44 + (byline.length ? 16 : 0);
  const when = wrapLines(content.when, content.lang, inner / 30, 2);
  const cardTop = 840;
  const qrSize = 260;
  const hint = content.scanHint
    .split("\n")
    .flatMap((part) => wrapLines(part, content.lang, (inner - qrSize - 72) / 28, 2))
    .slice(0, 3);
  const address = wrapLines(content.url.replace(/^https?:\/\//, ""), "en", (inner - qrSize - 72) / 20, 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" viewBox="0 0 ${POSTER_WIDTH} ${POSTER_HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="#0f4c81"/><stop offset="1" stop-color="#082c4d"/></linearGradient></defs>
<rect width="${POSTER_WIDTH}" height="${POSTER_HEIGHT}" fill="url(#bg)"/>
<circle cx="${POSTER_WIDTH - 60}" cy="120" r="220" fill="#fff" opacity=".06"/><circle cx="40" cy="760" r="160" fill="#fff" opacity=".05"/>
${textLines([content.brand], { x: MARGIN, y: 110, size: 34, lineHeight: 0, fill: "#ffffff", weight: 700 })}
<rect x="${MARGIN}" y="160" rx="22" width="${Math.ceil(emWidth(content.kicker) * 26 + 48)}" height="44" fill="#f5b700"/>
${textLines([content.kicker], { x: MARGIN + 24, y: 191, size: 26, lineHeight: 0, fill: "#082c4d", weight: 700 })}
${textLines(title, { x: MARGIN, y: titleTop, size: titleSize, lineHeight: titleLineHeight, fill: "#ffffff", weight: 700 })}
${textLines(byline, { x: MARGIN, y: bylineTop, size: 30, lineHeight: 44, fill: "#d6e6f5" })}
${textLines(when, { x: MARGIN, y: whenTop, size: 30, lineHeight: 44, fill: "#f5d36b" })}
<rect x="${MARGIN - 16}" y="${cardTop}" rx="24" width="${inner + 32}" height="${qrSize + 64}" fill="#ffffff"/>
${qrPath(content.url, MARGIN + 16, cardTop + 32, qrSize)}
${textLines(hint, { x: MARGIN + qrSize + 56, y: cardTop + 110, size: 28, lineHeight: 40, fill: "#0b2540", weight: 700 })}
${textLines(address, { x: MARGIN + qrSize + 56, y: cardTop + 110 + hint.length * 40 + 24, size: 20, lineHeight: 28, fill: "#51657a" })}
</svg>`;
}

/**
 * The poster as a PNG, drawn by sharp (librsvg, with fontconfig finding Noto Sans CJK). The image pipeline's lock on
 * libvips loaders leaves SVG from memory open for the art the server draws itself (ADR 041, 045, 050); uploads never
 * reach it: they are sniffed as JPEG, PNG or GIF first and refused unless libvips reads the sniffed format.
 */
export async function posterPng(content: PosterContent): Promise<Buffer> {
  return sharp(Buffer.from(posterSvg(content)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

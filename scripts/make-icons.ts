/**
 * Draws the installed site's icons from public/favicon.svg with sharp and writes the web app manifests that name them
 * (ADR 046): public/icons/*.png and public/manifest.{zh,en}.webmanifest. The output is committed; run this
 * (`npm run make:icons`) after changing the favicon, the site's name or its colours.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { LANGUAGES, type Lang } from "../contracts/language.ts";
import { manifestUrl } from "../app/offline/install.tsx";

const root = join(import.meta.dirname, "..");
const publicDir = join(root, "public");
const iconsDir = join(publicDir, "icons");

/** The brand blue of the favicon and the page's theme-color meta (app/root.tsx). */
export const THEME_COLOR = "#0f4c81";
const BACKGROUND_COLOR = "#f5f6f8";

const NAMES: Record<Lang, { name: string; short_name: string }> = {
  zh: { name: "经管学术圈", short_name: "经管学术圈" },
  en: { name: "EconScholar", short_name: "EconScholar" },
};

const favicon = readFileSync(join(publicDir, "favicon.svg"), "utf8");
const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(favicon);
if (!viewBox) throw new Error("public/favicon.svg has no viewBox 0 0 W H");
const side = Number(viewBox[1]);
/** The favicon's drawing without its rounded background square. */
const glyph = favicon
  .replace(/^<svg[^>]*>/, "")
  .replace(/<\/svg>\s*$/, "")
  .replace(/<rect\b[^>]*\/>/, "");

/**
 * A maskable icon is cut to any shape by the launcher: its background fills the square and the drawing stays within
 * the central safe zone (a circle of 80% of the side), here scaled to 60% of the side.
 */
function maskableSvg(): string {
  const scale = 0.6;
  const offset = (side * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}"><rect width="${side}" height="${side}" fill="${THEME_COLOR}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${glyph}</g></svg>`;
}

/** iOS rounds the corners itself and shows transparency as black: a full square, drawing at 75%. */
function appleSvg(): string {
  const scale = 0.75;
  const offset = (side * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}"><rect width="${side}" height="${side}" fill="${THEME_COLOR}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${glyph}</g></svg>`;
}

export const ICONS = [
  { file: "icon-192.png", size: 192, purpose: "any", svg: favicon },
  { file: "icon-512.png", size: 512, purpose: "any", svg: favicon },
  { file: "maskable-192.png", size: 192, purpose: "maskable", svg: maskableSvg() },
  { file: "maskable-512.png", size: 512, purpose: "maskable", svg: maskableSvg() },
  { file: "apple-touch-icon.png", size: 180, purpose: null, svg: appleSvg() },
] as const;

async function drawIcons(): Promise<void> {
  mkdirSync(iconsDir, { recursive: true });
  for (const icon of ICONS) {
    // Rasterised at the target size (density scales the SVG's own units), so edges stay sharp.
    const density = Math.ceil((72 * icon.size) / side);
    await sharp(Buffer.from(icon.svg), { density }).resize(icon.size, icon.size).png({ compressionLevel: 9 }).toFile(join(iconsDir, icon.file));
  }
}

function manifest(lang: Lang, description: string): Record<string, unknown> {
  return {
    id: "/home",
    lang: lang === "zh" ? "zh-CN" : "en",
    dir: "ltr",
    ...NAMES[lang],
    description,
    start_url: "/home",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ["education", "books"],
    icons: ICONS.filter((icon) => icon.purpose).map((icon) => ({
      src: `/icons/${icon.file}`,
      sizes: `${icon.size}x${icon.size}`,
      type: "image/png",
      purpose: icon.purpose,
    })),
  };
}

await drawIcons();
for (const lang of LANGUAGES) {
  const common = JSON.parse(readFileSync(join(root, "contracts/locales", lang, "common.json"), "utf8")) as { site: { description: string } };
  writeFileSync(join(publicDir, manifestUrl(lang).slice(1)), `${JSON.stringify(manifest(lang, common.site.description), null, 2)}\n`);
}
console.log(`wrote ${ICONS.length} icons to public/icons and ${LANGUAGES.length} manifests to public/`);

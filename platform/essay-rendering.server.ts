import type { Db } from "./kernel/db.server.ts";
import { RICH_TEXT_RENDERER, renderRichText } from "./rich-text.server.ts";

export interface RenderedEssayText {
  html: string;
  htmlEn: string | null;
}

interface StoredText {
  item_id: number;
  content: string;
  content_en: string;
  content_html: string | null;
  content_en_html: string | null;
  rendered_with: string | null;
}

function rendered(row: StoredText): RenderedEssayText {
  return { html: renderRichText(row.content), htmlEn: row.content_en ? renderRichText(row.content_en) : null };
}

/**
 * Essays' reading HTML is made when their text is saved (ADR 049): formulas cost KaTeX's time once, not on every read.
 * `renderStaleEssays` renders and stores the texts whose rendering is missing or was made by another renderer — the
 * one essay a save just wrote, or every essay at start after a renderer change. `readingText` answers the stored
 * rendering and, should it be stale (another node still on an older renderer wrote it), renders without storing, so a
 * read never writes.
 */
export function createEssayRendering(db: Db) {
  const stale = db.prepare(`SELECT item_id, content, content_en FROM essays WHERE rendered_with IS NOT @renderer`);
  const staleOne = db.prepare(`SELECT item_id, content, content_en FROM essays WHERE item_id = @id AND rendered_with IS NOT @renderer`);
  const store = db.prepare("UPDATE essays SET content_html = @html, content_en_html = @htmlEn, rendered_with = @renderer WHERE item_id = @id");

  const renderStaleEssays = db.transaction((id?: number): number => {
    const rows = (id === undefined ? stale.all({ renderer: RICH_TEXT_RENDERER }) : staleOne.all({ id, renderer: RICH_TEXT_RENDERER })) as StoredText[];
    for (const row of rows) store.run({ id: row.item_id, ...rendered(row), renderer: RICH_TEXT_RENDERER });
    return rows.length;
  });

  const readingText = (row: StoredText): RenderedEssayText =>
    row.rendered_with === RICH_TEXT_RENDERER && row.content_html !== null ? { html: row.content_html, htmlEn: row.content_en_html } : rendered(row);

  return { renderStaleEssays, readingText };
}

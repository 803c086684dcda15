import type { Db } from "../kernel/db.server.ts";
import { RICH_TEXT_RENDERER, renderRichText } from "../rich-text/index.server.ts";
import { staleTexts, storeRendering, type StoredText } from "./queries.server.ts";

export interface RenderedEssayText {
  html: string;
  htmlEn: string | null;
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
  const renderStaleEssays = db.transaction((id?: number): number => {
    const rows = staleTexts(db, RICH_TEXT_RENDERER, id);
    for (const row of rows) {
      const text = rendered(row);
      storeRendering(db, row.item_id, text.html, text.htmlEn, RICH_TEXT_RENDERER);
    }
    return rows.length;
  });

  const readingText = (row: StoredText): RenderedEssayText =>
    row.rendered_with === RICH_TEXT_RENDERER && row.content_html !== null ? { html: row.content_html, htmlEn: row.content_en_html } : rendered(row);

  return { renderStaleEssays, readingText };
}

export type EssayRendering = ReturnType<typeof createEssayRendering>;

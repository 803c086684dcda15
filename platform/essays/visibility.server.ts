/**
 * Essays are items of kind 'essay' (migration 018), so the item paths that know nothing of essays — search, the
 * generated posters, praise, collections — would show a draft or an "only me" essay to anyone who names its id. These
 * conditions keep them out. This file imports nothing, so other areas' queries (content, social, library, points) use it
 * without an import cycle: it is the essays area's one public module besides its routes.
 */

/** A scholar's own documents they hid (ADR 082) are out of every item path too, whoever asks. */
const notHiddenDocument = (idColumn: string) => `${idColumn} NOT IN (SELECT item_id FROM scholar_documents WHERE hidden = 1)`;

/** Items that are not essays, or public released essays: for answers that do not depend on who asks (cacheable). */
export function publicItemSql(idColumn = "id", kindColumn = "kind"): string {
  return `((${kindColumn} <> 'essay' OR ${idColumn} IN (SELECT item_id FROM essays WHERE status = 'released' AND visibility = 'public')) AND ${notHiddenDocument(idColumn)})`;
}

/**
 * Items that are not essays, or released essays the viewer may see; `visible` is community's visibleSql over the
 * essays row e (`visibleSql("e.user_id", "e.visibility")`), bound with @viewer.
 */
export function seenItemSql(visible: string, idColumn = "id", kindColumn = "kind"): string {
  return `((${kindColumn} <> 'essay' OR ${idColumn} IN (SELECT e.item_id FROM essays e WHERE e.status = 'released' AND ${visible})) AND ${notHiddenDocument(idColumn)})`;
}

/**
 * The decisions about a scholar's documents (ADR 082): who may add or change one, what the items row says, when a
 * document already in the library is offered instead of a duplicate, and whether uploaded bytes are a PDF.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ScholarDocumentForm } from "@schemas/generated/forms.ts";
import type { Db } from "../kernel/db.server.ts";
import { fail, type ApiContext } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import { Refusal } from "../kernel/refusal.server.ts";
import { toItem, type ItemRow } from "../content/index.server.ts";
import {
  type DocumentItem,
  type DocumentRow,
  documentById,
  insertDocumentItem,
  insertDocumentRow,
  itemWithDoi,
  itemWithTitle,
  scholarsByCode,
  updateDocumentItem,
  updateDocumentRow,
} from "./queries.server.ts";

/** The largest PDF a scholar may attach: 10 MiB, as scholar-document.schema.json's pdfSize says. */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;
const PDF_MAGIC = Buffer.from("%PDF-", "latin1");
const STORED_PDF = /^[a-f0-9]{32}\.pdf$/;

/** A PDF is what starts with the bytes "%PDF-", whatever its name says. */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= PDF_MAGIC.length && Buffer.from(bytes.subarray(0, PDF_MAGIC.length)).equals(PDF_MAGIC);
}

/** The PDF a body carries as base64 (pdfData), with the type and size its bytes have, for the form's schema. */
export function pdfOfBody(params: Record<string, unknown>): { bytes: Buffer | null; checked: Record<string, unknown> } {
  const { pdfData, ...rest } = params;
  if (typeof pdfData !== "string" || !pdfData) return { bytes: null, checked: rest };
  const bytes = Buffer.from(pdfData.replace(/^data:[^,]*,/, ""), "base64");
  return { bytes, checked: { ...rest, pdfType: isPdf(bytes) ? "application/pdf" : "unrecognised", pdfSize: bytes.length } };
}

export function storePdf(uploadsDir: string, bytes: Buffer): string {
  const name = `${randomBytes(16).toString("hex")}.pdf`;
  writeFileSync(join(uploadsDir, name), bytes);
  return name;
}

export function readPdf(uploadsDir: string, name: string): Buffer | null {
  const file = join(uploadsDir, name);
  return STORED_PDF.test(name) && existsSync(file) ? readFileSync(file) : null;
}

export function removePdf(uploadsDir: string, name: string): void {
  const file = join(uploadsDir, name);
  if (STORED_PDF.test(name) && existsSync(file)) unlinkSync(file);
}

export const normalizedDoi = (doi: string | undefined) => (doi ? doi.trim().toLowerCase() : null);
const normalizedTitle = (title: string) => title.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The same document already in the library: by DOI always, by title unless the owner said the one offered is another
 * work (notDuplicateOf). Throws the refusal that offers it.
 */
export function refuseDuplicate(context: ApiContext, db: Db, form: ScholarDocumentForm, itemId = 0): void {
  const doi = normalizedDoi(form.doi);
  const sameDoi = doi ? itemWithDoi(db, doi, itemId) : undefined;
  if (sameDoi)
    throw new Refusal(fail(409, say(context, "文库中已有相同DOI的文献", "A document with this DOI is already in the library"), offer(sameDoi, "doi")));
  const sameTitle = itemWithTitle(db, normalizedTitle(form.title), itemId);
  if (sameTitle && form.notDuplicateOf !== sameTitle.id)
    throw new Refusal(
      fail(
        409,
        say(context, "文库中已有同名文献，是同一篇吗？", "A document with this title is already in the library. Is it the same one?"),
        offer(sameTitle, "title"),
      ),
    );
}

function offer(row: ItemRow, matchedBy: "doi" | "title") {
  const item = toItem(row);
  return {
    duplicate: { id: item.id, title: item.title, titleEn: item.titleEn, authorName: item.authorName, authorNameEn: item.authorNameEn, link: item.link },
    matchedBy,
  };
}

/**
 * The items row of a document: authors linked to a profile here take its names in both languages; the owner must be
 * one of the authors, and every linked author must exist.
 */
export function documentItem(context: ApiContext, db: Db, form: ScholarDocumentForm, ownerCode: string): DocumentItem {
  const codes = form.authors.flatMap((author) => (author.authorCode ? [author.authorCode] : []));
  if (!codes.includes(ownerCode))
    throw new Refusal(
      fail(400, say(context, "作者中须包含您本人", "You must be one of the authors"), {
        fields: { authors: "scholarWorkspace:documents.errors.ownerNotAuthor" },
      }),
    );
  const scholars = new Map(scholarsByCode(db, codes).map((scholar) => [scholar.author_code, scholar]));
  if (codes.some((code) => !scholars.has(code)))
    throw new Refusal(
      fail(400, say(context, "有作者的学者主页不存在", "An author's profile does not exist"), {
        fields: { authors: "scholarWorkspace:documents.errors.authorsRequired" },
      }),
    );
  const authors = form.authors.map((author) => {
    const scholar = author.authorCode ? scholars.get(author.authorCode) : undefined;
    if (!scholar) return { name: author.name, nameEn: author.name, orgName: author.orgName ?? "", orgNameEn: author.orgName ?? "" };
    return { name: scholar.name, nameEn: scholar.name_en, orgName: scholar.org_name, orgNameEn: scholar.org_name_en, authorCode: scholar.author_code };
  });
  const owner = scholars.get(ownerCode);
  return {
    kind: form.docType === "report" ? "report" : "paper",
    title: form.title,
    summary: form.abstract ?? "",
    authorName: authors.map((author) => author.name).join("、"),
    authorNameEn: authors.map((author) => author.nameEn).join(", "),
    orgName: owner?.org_name ?? "",
    orgNameEn: owner?.org_name_en ?? "",
    extra: {
      // The owner's research field is the document's topic: what "related" lists and recommendations group by.
      topic: owner?.field ?? "",
      topicEn: owner?.field_en ?? "",
      docType: form.docType,
      journal: form.venue ?? "",
      journalEn: form.venue ?? "",
      year: form.year,
      authors,
      keywords: form.keywords ?? [],
      keywordsEn: form.keywords ?? [],
      jel: form.jelCodes ?? [],
      doi: form.doi ?? "",
    },
  };
}

const linkOf = (kind: DocumentItem["kind"]) => (kind === "report" ? "/docDetail?id={id}&type=report" : "/docDetail?id={id}");
const pdfUrlOf = (itemId: number) => `/api/article/pdf?id=${itemId}`;
/** What the editor starts from: the form without the fields only a submit carries. */
const storedForm = ({ pdfType: _type, pdfSize: _size, notDuplicateOf: _offered, id: _id, ...form }: ScholarDocumentForm) => JSON.stringify(form);

export interface OwnerOfDocument {
  userId: number;
  authorCode: string;
}

/** Adds a document in one transaction: the duplicate check, its items row and its owner's row. */
export function addDocument(context: ApiContext, db: Db, owner: OwnerOfDocument, form: ScholarDocumentForm, pdf: { name: string; bytes: number }): number {
  return db.transaction(() => {
    refuseDuplicate(context, db, form);
    const item = documentItem(context, db, form, owner.authorCode);
    const now = context.now().toISOString();
    const itemId = insertDocumentItem(db, item, linkOf(item.kind), now);
    if (pdf.name) updateDocumentItem(db, itemId, { ...item, extra: { ...item.extra, pdfUrl: pdfUrlOf(itemId) } }, linkOf(item.kind));
    insertDocumentRow(db, {
      item_id: itemId,
      author_code: owner.authorCode,
      user_id: owner.userId,
      doc_type: form.docType,
      doi: normalizedDoi(form.doi),
      pdf_name: pdf.name,
      pdf_bytes: pdf.bytes,
      form: storedForm(form),
      created_at: now,
    });
    return itemId;
  })();
}

/** The owner's document, or the refusal for anyone else's (the same answer as a missing one: ids are not probed). */
export function ownDocument(context: ApiContext, db: Db, itemId: number | null, authorCode: string): DocumentRow {
  const row = itemId ? documentById(db, itemId) : undefined;
  if (!row || row.author_code !== authorCode) throw new Refusal(fail(404, say(context, "文献不存在", "No such document")));
  return row;
}

/** Changes a document in one transaction; a new PDF replaces the old one, none keeps it. Answers the replaced file. */
export function changeDocument(context: ApiContext, db: Db, row: DocumentRow, form: ScholarDocumentForm, pdf: { name: string; bytes: number } | null): string {
  return db.transaction(() => {
    refuseDuplicate(context, db, form, row.item_id);
    const item = documentItem(context, db, form, row.author_code);
    const pdfName = pdf?.name ?? row.pdf_name;
    const extra = pdfName ? { ...item.extra, pdfUrl: pdfUrlOf(row.item_id) } : item.extra;
    updateDocumentItem(db, row.item_id, { ...item, extra }, linkOf(item.kind));
    updateDocumentRow(db, {
      item_id: row.item_id,
      doc_type: form.docType,
      doi: normalizedDoi(form.doi),
      pdf_name: pdfName,
      pdf_bytes: pdf?.bytes ?? row.pdf_bytes,
      form: storedForm(form),
      updated_at: context.now().toISOString(),
    });
    return pdf && row.pdf_name !== pdf.name ? row.pdf_name : "";
  })();
}

/**
 * A document form as typed, kept on this device on every change so nothing is lost to a reload, a refusal or a platform
 * that is down; dropped once the platform has the document. The PDF itself is not kept: a browser cannot store a file
 * it may read again, so the form asks for it again after a reload.
 */
import type { ScholarDocumentForm } from "../parts/scholar-workspace";

export interface DraftAuthor {
  name: string;
  orgName: string;
  authorCode?: string;
}

/** What the form holds: numbers and lists still as typed (a half-typed year is not lost to a number). */
export interface DocumentDraft {
  docType: ScholarDocumentForm["docType"];
  title: string;
  authors: DraftAuthor[];
  abstract: string;
  /** The chosen JEL codes, comma-separated. */
  jelCodes: string;
  keywords: string;
  year: string;
  venue: string;
  doi: string;
}

/** Per signed-in user, and per document (or "new"): a shared device never shows one person's draft to another. */
export function draftKey(userId: number, documentId: number | "new"): string {
  return `scholarDocumentDraft:${userId}:${documentId}`;
}

export function readDraft(key: string): DocumentDraft | null {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? "null") as DocumentDraft | null;
    return stored && typeof stored.title === "string" && Array.isArray(stored.authors) ? stored : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: DocumentDraft): void {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the form still holds the text; only a reload would lose it.
  }
}

export function dropDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing kept to drop.
  }
}

export function emptyDraft(owner: DraftAuthor): DocumentDraft {
  return {
    docType: "workingPaper",
    title: "",
    authors: [owner],
    abstract: "",
    jelCodes: "",
    keywords: "",
    year: String(new Date().getFullYear()),
    venue: "",
    doi: "",
  };
}

/** A saved document's form as the editor starts from it. */
export function toDraft(form: Omit<ScholarDocumentForm, "id">): DocumentDraft {
  return {
    docType: form.docType,
    title: form.title,
    authors: form.authors.map((author) => ({ name: author.name, orgName: author.orgName ?? "", authorCode: author.authorCode })),
    abstract: form.abstract ?? "",
    jelCodes: (form.jelCodes ?? []).join(", "),
    keywords: (form.keywords ?? []).join(", "),
    year: String(form.year),
    venue: form.venue ?? "",
    doi: form.doi ?? "",
  };
}

const listOf = (text: string, upper = false) =>
  text
    .split(/[,，;；、]/)
    .map((part) => (upper ? part.trim().toUpperCase() : part.trim()))
    .filter(Boolean);

/** The codes a draft holds (kept as text, so a draft saved before the picker still opens), as the picker's tags. */
export function jelCodesOf(text: string): string[] {
  return [...new Set(listOf(text, true))];
}

/** The body the schema checks: blank fields left out (as the platform drops them), numbers and lists parsed. */
export function toBody(draft: DocumentDraft): Record<string, unknown> {
  const body: Record<string, unknown> = {
    docType: draft.docType,
    title: draft.title.trim(),
    authors: draft.authors.map((author) => ({
      name: author.name.trim(),
      ...(author.orgName.trim() ? { orgName: author.orgName.trim() } : {}),
      ...(author.authorCode ? { authorCode: author.authorCode } : {}),
    })),
    year: /^\d+$/.test(draft.year.trim()) ? Number(draft.year.trim()) : draft.year.trim(),
  };
  if (!body.title) delete body.title;
  if (draft.abstract.trim()) body.abstract = draft.abstract.trim();
  if (jelCodesOf(draft.jelCodes).length) body.jelCodes = jelCodesOf(draft.jelCodes);
  if (listOf(draft.keywords).length) body.keywords = listOf(draft.keywords);
  if (draft.venue.trim()) body.venue = draft.venue.trim();
  if (draft.doi.trim()) body.doi = draft.doi.trim().replace(/^https?:\/\/(dx\.)?doi\.org\//i, "");
  return body;
}

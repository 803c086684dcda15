import type { Lang } from "../kit/page";

/** A work as /article/searchByAuthor and /article/getUploadDocList answer it: what a line of the list shows. */
export interface WorkItem {
  id: number;
  title: string;
  titleEn?: string;
  authorName?: string;
  authorNameEn?: string;
  journal?: string;
  journalEn?: string;
  year?: number;
  link?: string;
  docType?: string;
}

/** A page of works. */
export interface Works {
  list?: WorkItem[];
  total?: number;
}

export function workLine(item: WorkItem, lang: Lang): string {
  const authors = lang === "en" ? item.authorNameEn || item.authorName : item.authorName;
  const venue = lang === "en" ? item.journalEn || item.journal : item.journal;
  return [authors, venue, item.year].filter(Boolean).join(" · ");
}

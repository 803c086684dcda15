/**
 * Rows pasted from a spreadsheet (tab-separated, as Excel, WPS and Google Sheets copy them) become guests or agenda
 * entries (ADR 071). A first row of column names is recognised in zh or en and decides the columns; without one the
 * columns are in the documented order. Each bad row is named by its number in the pasted block, with a problem code
 * the console words in the operator's language (opsEditor:event.paste.problems.<code>).
 */
import Papa from "papaparse";
import type { OpsEventAgendaEntry, OpsEventGuest } from "@contracts/ops-event";

export type PasteProblemCode =
  | "missingName"
  | "missingNameEn"
  | "unknownRole"
  | "badPhoto"
  | "missingTitle"
  | "missingTitleEn"
  | "badDate"
  | "badTime"
  | "endBeforeStart"
  | "unknownKind";

export interface PasteProblem {
  /** The row's number in the pasted block, counted from 1 as a spreadsheet counts (the names row included). */
  row: number;
  code: PasteProblemCode;
  params?: Record<string, string>;
}

export interface Parsed<T> {
  entries: T[];
  problems: PasteProblem[];
  /** Whether the first row named the columns (and was not taken as an entry). */
  hadHeader: boolean;
}

type GuestColumn = "name" | "nameEn" | "org" | "orgEn" | "role" | "portraitUrl";
type AgendaColumn = "date" | "start" | "end" | "title" | "titleEn" | "speaker" | "speakerEn" | "place" | "placeEn" | "kind";

export const GUEST_COLUMNS: GuestColumn[] = ["name", "nameEn", "org", "orgEn", "role", "portraitUrl"];
export const AGENDA_COLUMNS: AgendaColumn[] = ["date", "start", "end", "title", "titleEn", "speaker", "speakerEn", "place", "placeEn", "kind"];

/** Column names as operators write them, compared without case, spaces or brackets. */
const GUEST_HEADERS: Record<GuestColumn, string[]> = {
  name: ["姓名", "中文名", "中文姓名", "名字", "namezh"],
  nameEn: ["英文名", "英文姓名", "name", "englishname", "nameen"],
  org: ["单位", "机构", "中文单位", "所在单位", "affiliationzh"],
  orgEn: ["英文单位", "英文机构", "affiliation", "organisation", "organization", "affiliationen"],
  role: ["身份", "角色", "role"],
  portraitUrl: ["照片", "头像", "照片地址", "photo", "portrait", "photourl"],
};
const AGENDA_HEADERS: Record<AgendaColumn, string[]> = {
  date: ["日期", "date", "day"],
  start: ["开始", "开始时间", "start", "from", "starts"],
  end: ["结束", "结束时间", "end", "to", "ends"],
  title: ["标题", "题目", "中文标题", "titlezh"],
  titleEn: ["英文标题", "title", "englishtitle", "titleen"],
  speaker: ["主讲人", "报告人", "嘉宾", "speakerzh"],
  speakerEn: ["英文主讲人", "speaker", "speakeren"],
  place: ["地点", "会场", "placezh"],
  placeEn: ["英文地点", "place", "venue", "room", "placeen"],
  kind: ["类型", "环节", "kind", "type"],
};

const ROLE_WORDS: Record<OpsEventGuest["role"], string[]> = {
  host: ["主持人", "主持", "host", "chair", "moderator"],
  speaker: ["主讲人", "主讲", "演讲嘉宾", "报告人", "speaker", "keynote", "主旨演讲"],
  guest: ["嘉宾", "guest", "panelist", "讨论嘉宾", ""],
};
const KIND_WORDS: Record<OpsEventAgendaEntry["kind"], string[]> = {
  opening: ["开幕", "开幕式", "opening"],
  keynote: ["主旨", "主旨报告", "主旨演讲", "keynote"],
  session: ["分论坛", "报告", "论文报告", "session", ""],
  panel: ["圆桌", "圆桌讨论", "panel"],
  break: ["茶歇", "休息", "午餐", "break", "lunch"],
  closing: ["闭幕", "闭幕式", "closing"],
};

const normalise = (word: string) => word.toLowerCase().replace(/[\s_()（）[\]-]/g, "");

function wordTo<T extends string>(words: Record<T, string[]>, value: string): T | null {
  const key = normalise(value);
  for (const [choice, list] of Object.entries(words) as [T, string[]][]) if (list.some((word) => normalise(word) === key)) return choice;
  return null;
}

/** The pasted block's rows of trimmed cells, blank rows left out but counted. */
function rowsOf(text: string): { number: number; cells: string[] }[] {
  const parsed = Papa.parse<string[]>(text.replace(/\r\n?/g, "\n").replace(/\n+$/, ""), { delimiter: "\t", skipEmptyLines: false });
  return parsed.data.map((cells, index) => ({ number: index + 1, cells: cells.map((cell) => cell.trim()) })).filter((row) => row.cells.some(Boolean));
}

/** The columns a first row names, or null when it names too few to be a names row. */
function headerColumns<C extends string>(cells: string[], headers: Record<C, string[]>): (C | null)[] | null {
  const columns = cells.map((cell) => wordTo(headers, cell));
  return columns.filter(Boolean).length >= 2 ? columns : null;
}

function parseRows<C extends string, T>(
  text: string,
  headers: Record<C, string[]>,
  order: C[],
  toEntry: (cells: Partial<Record<C, string>>, number: number, problems: PasteProblem[]) => T | null,
): Parsed<T> {
  const rows = rowsOf(text);
  const named = rows.length ? headerColumns(rows[0].cells, headers) : null;
  const columns = named ?? order;
  const problems: PasteProblem[] = [];
  const entries: T[] = [];
  for (const row of named ? rows.slice(1) : rows) {
    const cells: Partial<Record<C, string>> = {};
    columns.forEach((column, index) => {
      if (column && row.cells[index] !== undefined) cells[column] = row.cells[index];
    });
    const before = problems.length;
    const entry = toEntry(cells, row.number, problems);
    if (entry && problems.length === before) entries.push(entry);
  }
  return { entries, problems, hadHeader: named !== null };
}

const PHOTO_ADDRESS = /^(\/(?!\/)|https:\/\/)\S*$/;

/** Guests: 姓名 / Name / 单位 / Affiliation / 身份 / Photo (this order when the block has no names row). */
export function parseGuests(text: string): Parsed<OpsEventGuest> {
  return parseRows(text, GUEST_HEADERS, GUEST_COLUMNS, (cells, row, problems) => {
    const name = cells.name ?? "";
    const nameEn = cells.nameEn ?? "";
    if (!name) problems.push({ row, code: "missingName" });
    if (!nameEn) problems.push({ row, code: "missingNameEn", params: { name } });
    const role = wordTo(ROLE_WORDS, cells.role ?? "");
    if (!role) problems.push({ row, code: "unknownRole", params: { value: cells.role ?? "" } });
    const portraitUrl = cells.portraitUrl ?? "";
    if (portraitUrl && !PHOTO_ADDRESS.test(portraitUrl)) problems.push({ row, code: "badPhoto", params: { value: portraitUrl } });
    return { name, nameEn, org: cells.org ?? "", orgEn: cells.orgEn ?? "", role: role ?? "guest", portraitUrl };
  });
}

/** A day as sheets write it: 2027-04-11, 2027/4/11 or 2027年4月11日. */
function dayOf(value: string): string | null {
  const match = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[1]}-${match[2].padStart(2, "0")}-${match[3].padStart(2, "0")}`;
}

/** A time of day: 9:00, 09:00 or 9：00 (full-width colon), in Beijing time. */
function timeOf(value: string): string | null {
  const match = /^(\d{1,2})\s*[:：]\s*(\d{2})$/.exec(value);
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return null;
  return `${match[1].padStart(2, "0")}:${match[2]}`;
}

/** Agenda: 日期 / 开始 / 结束 / 标题 / Title / 主讲人 / Speaker / 地点 / Place / 类型 (this order without a names row). */
export function parseAgenda(text: string): Parsed<OpsEventAgendaEntry> {
  return parseRows(text, AGENDA_HEADERS, AGENDA_COLUMNS, (cells, row, problems) => {
    const title = cells.title ?? "";
    const titleEn = cells.titleEn ?? "";
    if (!title) problems.push({ row, code: "missingTitle" });
    if (!titleEn) problems.push({ row, code: "missingTitleEn", params: { title } });
    const day = dayOf(cells.date ?? "");
    if (!day) problems.push({ row, code: "badDate", params: { value: cells.date ?? "" } });
    const start = timeOf(cells.start ?? "");
    const end = timeOf(cells.end ?? "");
    if (!start || !end) problems.push({ row, code: "badTime", params: { value: `${cells.start ?? ""}–${cells.end ?? ""}` } });
    else if (end <= start) problems.push({ row, code: "endBeforeStart", params: { start, end } });
    const kind = wordTo(KIND_WORDS, cells.kind ?? "");
    if (!kind) problems.push({ row, code: "unknownKind", params: { value: cells.kind ?? "" } });
    if (!day || !start || !end) return null;
    return {
      startsAt: `${day}T${start}:00+08:00`,
      endsAt: `${day}T${end}:00+08:00`,
      kind: kind ?? "session",
      title,
      titleEn,
      speaker: cells.speaker ?? "",
      speakerEn: cells.speakerEn ?? "",
      org: "",
      orgEn: "",
      place: cells.place ?? "",
      placeEn: cells.placeEn ?? "",
    };
  });
}

import { fail, type ApiContext, type Envelope } from "../kernel/router.server.ts";
import { say } from "../kernel/language.server.ts";
import { shanghaiDay } from "../kernel/shanghai-day.server.ts";
import type { PostFilter } from "./queries.server.ts";

type Pair = readonly [zh: string, en: string];

export const JOB_TYPES = {
  faculty: ["教职", "Faculty"],
  postdoc: ["博士后", "Postdoc"],
  industry: ["业界研究", "Industry research"],
  ra: ["研究助理", "Research assistant"],
} as const satisfies Record<string, Pair>;

export const JOB_FIELDS = {
  economics: ["经济学", "Economics"],
  finance: ["金融学", "Finance"],
  accounting: ["会计学", "Accounting"],
  management: ["管理学", "Management"],
  econometrics: ["计量与数据科学", "Econometrics and data science"],
} as const satisfies Record<string, Pair>;

export const JOB_CITIES = {
  beijing: ["北京", "Beijing"],
  shanghai: ["上海", "Shanghai"],
  shenzhen: ["深圳", "Shenzhen"],
  hangzhou: ["杭州", "Hangzhou"],
  wuhan: ["武汉", "Wuhan"],
  hongkong: ["香港", "Hong Kong"],
  singapore: ["新加坡", "Singapore"],
} as const satisfies Record<string, Pair>;

export const COMPANY_KINDS = {
  university: ["高校", "University"],
  centralBank: ["中央银行", "Central bank"],
  fund: ["基金", "Fund"],
  institute: ["研究机构", "Research institute"],
  company: ["企业", "Company"],
} as const satisfies Record<string, Pair>;

const KEYWORD_MAX = 50;

/** A code of one of the catalogues, or undefined when the parameter is absent; null for a code it does not hold. */
function codeOf<T extends string>(catalogue: Record<T, Pair>, value: unknown): T | undefined | null {
  if (value === undefined || value === null || value === "") return undefined;
  return typeof value === "string" && Object.hasOwn(catalogue, value) ? (value as T) : null;
}

/**
 * A text in zh with its En sibling, the platform's naming (title, titleEn): pages load these on the server, where the
 * reader's language is not known, and bindings pick the sibling.
 */
export const both = (field: string, zh: string, en: string) => ({ [field]: zh, [`${field}En`]: en });

/** A catalogue code's names, both languages. */
export const named = (field: string, catalogue: Record<string, Pair>, code: string) => both(field, ...(catalogue[code] ?? ["", ""]));

/** A catalogue's choices with their names, for the list's filters. */
export const choices = (catalogue: Record<string, Pair>) => Object.entries(catalogue).map(([code, [zh, en]]) => ({ code, ...both("name", zh, en) }));

/** Deadlines are Beijing dates: an opening takes applications through its last day there. */
export const isOpen = (context: ApiContext, row: { deadline: string }) => row.deadline >= shanghaiDay(context.now());

/** A positive whole number, or null. */
export function positiveId(value: unknown): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The list's filter from its parameters (city, type, field, companyId, keyword), or the 400 that names the bad one. */
export function postFilterOf(context: ApiContext): { filter: PostFilter } | { refusal: Envelope } {
  const { params } = context;
  const city = codeOf(JOB_CITIES, params.city);
  const type = codeOf(JOB_TYPES, params.type);
  const field = codeOf(JOB_FIELDS, params.field);
  if (city === null) return { refusal: fail(400, say(context, "城市无效", "Unknown city")) };
  if (type === null) return { refusal: fail(400, say(context, "职位类型无效", "Unknown job type")) };
  if (field === null) return { refusal: fail(400, say(context, "研究领域无效", "Unknown field")) };
  let companyId: number | undefined;
  if (params.companyId !== undefined && params.companyId !== "") {
    const id = positiveId(params.companyId);
    if (id === null) return { refusal: fail(400, say(context, "companyId必须是正整数", "companyId must be a positive integer")) };
    companyId = id;
  }
  const keyword = typeof params.keyword === "string" ? params.keyword.trim().slice(0, KEYWORD_MAX) : "";
  return { filter: { city, type, field, companyId, keyword } };
}

import type { Db } from "./kernel/db.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "./kernel/router.server.ts";
import { paging } from "./content.server.ts";
import { say } from "./kernel/language.server.ts";
import { shanghaiDay } from "./kernel/shanghai-day.server.ts";

/** Jobs and recruitment (/recruit/*, ADR 025): openings of universities, central banks, funds and institutes. */

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

const COMPANY_KINDS = {
  university: ["高校", "University"],
  centralBank: ["中央银行", "Central bank"],
  fund: ["基金", "Fund"],
  institute: ["研究机构", "Research institute"],
  company: ["企业", "Company"],
} as const satisfies Record<string, Pair>;

type JobType = keyof typeof JOB_TYPES;
type JobField = keyof typeof JOB_FIELDS;
type JobCity = keyof typeof JOB_CITIES;
type CompanyKind = keyof typeof COMPANY_KINDS;

interface CompanyRow {
  id: number;
  name: string;
  name_en: string;
  kind: CompanyKind;
  city: JobCity;
  intro: string;
  intro_en: string;
  website: string;
}

interface PostRow {
  id: number;
  company_id: number;
  title: string;
  title_en: string;
  job_type: JobType;
  field: JobField;
  city: JobCity;
  description: string;
  description_en: string;
  requirements: string;
  requirements_en: string;
  apply: string;
  apply_en: string;
  salary: string;
  salary_en: string;
  deadline: string;
  created_at: string;
  company_name: string;
  company_name_en: string;
}

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
const both = (field: string, zh: string, en: string) => ({ [field]: zh, [`${field}En`]: en });
const named = (field: string, catalogue: Record<string, Pair>, code: string) => both(field, ...(catalogue[code] ?? ["", ""]));

const choices = (catalogue: Record<string, Pair>) => Object.entries(catalogue).map(([code, [zh, en]]) => ({ code, ...both("name", zh, en) }));

/** Deadlines are Beijing dates: an opening takes applications through its last day there. */
const isOpen = (context: ApiContext, row: { deadline: string }) => row.deadline >= shanghaiDay(context.now());

export function jobRoutes(db: Db): RouteDefinition[] {
  const POST_COLUMNS = "p.*, c.name AS company_name, c.name_en AS company_name_en FROM job_posts p JOIN job_companies c ON c.id = p.company_id";
  const postById = db.prepare(`SELECT ${POST_COLUMNS} WHERE p.id = ?`);
  const companyById = db.prepare("SELECT * FROM job_companies WHERE id = ?");
  const openingsOf = db.prepare("SELECT COUNT(*) FROM job_posts WHERE company_id = ?").pluck();

  const postView = (context: ApiContext, row: PostRow) => ({
    id: row.id,
    ...both("title", row.title, row.title_en),
    type: row.job_type,
    ...named("typeName", JOB_TYPES, row.job_type),
    field: row.field,
    ...named("fieldName", JOB_FIELDS, row.field),
    city: row.city,
    ...named("cityName", JOB_CITIES, row.city),
    ...both("salary", row.salary, row.salary_en),
    deadline: row.deadline,
    ...(isOpen(context, row)
      ? both("deadlineText", `截止日期：${row.deadline}`, `Apply by ${row.deadline}`)
      : both("deadlineText", `已截止（${row.deadline}）`, `Closed on ${row.deadline}`)),
    open: isOpen(context, row),
    createTime: row.created_at,
    companyId: row.company_id,
    ...both("companyName", row.company_name, row.company_name_en),
    link: `/jobDetail?id=${row.id}`,
  });

  const companyView = (row: CompanyRow) => ({
    id: row.id,
    ...both("name", row.name, row.name_en),
    kind: row.kind,
    ...named("kindName", COMPANY_KINDS, row.kind),
    city: row.city,
    ...named("cityName", JOB_CITIES, row.city),
    ...both("intro", row.intro, row.intro_en),
    website: row.website,
    openings: openingsOf.get(row.id) as number,
  });

  return [
    {
      method: "ANY",
      path: "/recruit/filters",
      // The choices the list filters by, with their names.
      handler: () => ok({ types: choices(JOB_TYPES), fields: choices(JOB_FIELDS), cities: choices(JOB_CITIES) }),
    },
    {
      method: "ANY",
      path: "/recruit/list",
      // Openings, newest first, narrowed by keyword (titles, employers, descriptions in both languages), city, type,
      // field and employer.
      handler: (context) => {
        const { params } = context;
        const city = codeOf(JOB_CITIES, params.city);
        const type = codeOf(JOB_TYPES, params.type);
        const field = codeOf(JOB_FIELDS, params.field);
        if (city === null) return fail(400, say(context, "城市无效", "Unknown city"));
        if (type === null) return fail(400, say(context, "职位类型无效", "Unknown job type"));
        if (field === null) return fail(400, say(context, "研究领域无效", "Unknown field"));
        const where: string[] = [];
        const args: unknown[] = [];
        for (const [column, value] of [
          ["p.city", city],
          ["p.job_type", type],
          ["p.field", field],
        ] as const) {
          if (!value) continue;
          where.push(`${column} = ?`);
          args.push(value);
        }
        if (params.companyId !== undefined && params.companyId !== "") {
          const companyId = Number(params.companyId);
          if (!Number.isInteger(companyId) || companyId <= 0) return fail(400, say(context, "companyId必须是正整数", "companyId must be a positive integer"));
          where.push("p.company_id = ?");
          args.push(companyId);
        }
        const keyword = typeof params.keyword === "string" ? params.keyword.trim().slice(0, KEYWORD_MAX) : "";
        if (keyword) {
          const like = `%${keyword.replace(/[%_\\]/g, "\\$&")}%`;
          where.push(
            `(${["p.title", "p.title_en", "c.name", "c.name_en", "p.description", "p.description_en"].map((column) => `${column} LIKE ? ESCAPE '\\'`).join(" OR ")})`,
          );
          args.push(like, like, like, like, like, like);
        }
        const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
        const { pageNum, pageSize } = paging(params);
        const total = db
          .prepare(`SELECT COUNT(*) FROM job_posts p JOIN job_companies c ON c.id = p.company_id ${clause}`)
          .pluck()
          .get(...args) as number;
        const rows = db
          .prepare(`SELECT ${POST_COLUMNS} ${clause} ORDER BY p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`)
          .all(...args, pageSize, (pageNum - 1) * pageSize) as PostRow[];
        return ok({ list: rows.map((row) => postView(context, row)), total, pageNum, pageSize });
      },
    },
    {
      method: "ANY",
      path: "/recruit/detail",
      // One opening with its employer, and its texts as titled sections for the detail page.
      handler: (context) => {
        const id = Number(context.params.id);
        if (!Number.isInteger(id) || id <= 0) return fail(400, say(context, "id必须是正整数", "id must be a positive integer"));
        const row = postById.get(id) as PostRow | undefined;
        if (!row) return fail(404, say(context, "职位不存在", "No such opening"));
        const employer = companyById.get(row.company_id) as CompanyRow;
        return ok({
          ...postView(context, row),
          ...both("description", row.description, row.description_en),
          ...both("requirements", row.requirements, row.requirements_en),
          ...both("apply", row.apply, row.apply_en),
          company: companyView(employer),
          sections: [
            { ...both("heading", "任职要求", "Requirements"), ...both("text", row.requirements, row.requirements_en) },
            { ...both("heading", "申请方式", "How to apply"), ...both("text", row.apply, row.apply_en) },
            { ...both("heading", `关于${row.company_name}`, `About ${row.company_name_en}`), ...both("text", employer.intro, employer.intro_en) },
          ],
        });
      },
    },
    {
      method: "ANY",
      path: "/recruit/companies",
      // Employers with their number of openings, most openings first.
      handler: () => {
        const rows = db
          .prepare("SELECT * FROM job_companies ORDER BY (SELECT COUNT(*) FROM job_posts p WHERE p.company_id = job_companies.id) DESC, id")
          .all() as CompanyRow[];
        return ok({ list: rows.map(companyView), total: rows.length });
      },
    },
  ];
}

import type { Db } from "../kernel/db.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "../kernel/router.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { say } from "../kernel/language.server.ts";
import * as queries from "./queries.server.ts";
import type { CompanyRow, PostRow } from "./queries.server.ts";
import { COMPANY_KINDS, JOB_CITIES, JOB_FIELDS, JOB_TYPES, both, choices, isOpen, named, positiveId, postFilterOf } from "./rules.server.ts";

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

const companyView = (db: Db, row: CompanyRow) => ({
  id: row.id,
  ...both("name", row.name, row.name_en),
  kind: row.kind,
  ...named("kindName", COMPANY_KINDS, row.kind),
  city: row.city,
  ...named("cityName", JOB_CITIES, row.city),
  ...both("intro", row.intro, row.intro_en),
  website: row.website,
  openings: queries.openingsOf(db, row.id),
});

/** Openings, newest first, narrowed by keyword (titles, employers, descriptions in both languages), city, type, field and employer. */
const list = (db: Db) => (context: ApiContext) => {
  const parsed = postFilterOf(context);
  if ("refusal" in parsed) return parsed.refusal;
  const { pageNum, pageSize } = paging(context.params);
  const total = queries.countPosts(db, parsed.filter);
  const rows = queries.postsPage(db, parsed.filter, pageSize, (pageNum - 1) * pageSize);
  return ok({ list: rows.map((row) => postView(context, row)), total, pageNum, pageSize });
};

/** One opening with its employer, and its texts as titled sections for the detail page. */
const detail = (db: Db) => (context: ApiContext) => {
  const id = positiveId(context.params.id);
  if (id === null) return fail(400, say(context, "id必须是正整数", "id must be a positive integer"));
  const row = queries.postById(db, id);
  if (!row) return fail(404, say(context, "职位不存在", "No such opening"));
  const employer = queries.companyById(db, row.company_id) as CompanyRow;
  return ok({
    ...postView(context, row),
    ...both("description", row.description, row.description_en),
    ...both("requirements", row.requirements, row.requirements_en),
    ...both("apply", row.apply, row.apply_en),
    company: companyView(db, employer),
    sections: [
      { ...both("heading", "任职要求", "Requirements"), ...both("text", row.requirements, row.requirements_en) },
      { ...both("heading", "申请方式", "How to apply"), ...both("text", row.apply, row.apply_en) },
      { ...both("heading", `关于${row.company_name}`, `About ${row.company_name_en}`), ...both("text", employer.intro, employer.intro_en) },
    ],
  });
};

/** Jobs and recruitment (/recruit/*, ADR 025). */
export function jobRoutes(db: Db): RouteDefinition[] {
  return [
    // The choices the list filters by, with their names.
    { method: "ANY", path: "/recruit/filters", handler: () => ok({ types: choices(JOB_TYPES), fields: choices(JOB_FIELDS), cities: choices(JOB_CITIES) }) },
    { method: "ANY", path: "/recruit/list", handler: list(db) },
    { method: "ANY", path: "/recruit/detail", handler: detail(db) },
    {
      method: "ANY",
      path: "/recruit/companies",
      // Employers with their number of openings, most openings first.
      handler: () => {
        const rows = queries.companiesByOpenings(db);
        return ok({ list: rows.map((row) => companyView(db, row)), total: rows.length });
      },
    },
  ];
}

/**
 * A scholar's documents (ADR 082, spec §7 /article/*): add, edit, hide and show their working papers, reports and
 * slides, the owner's list, and for everyone the counts and search of a scholar's works and a document's PDF.
 */
import { scholarDocumentSchema, scholarDocumentValidators } from "@schemas/generated/form-kits.ts";
import type { ScholarDocumentForm } from "@schemas/generated/forms.ts";
import type { Db } from "../kernel/db.server.ts";
import type { Accounts, UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { formKit, validateBody } from "../kernel/request-body.server.ts";
import { say } from "../kernel/language.server.ts";
import { answerRefusal } from "../kernel/refusal.server.ts";
import { paging } from "../kernel/paging.server.ts";
import { toItem } from "../content/index.server.ts";
import { publicItemSql } from "../essays/visibility.server.ts";
import { limitCostly, positiveId } from "../community/rules.server.ts";
import { countWorks, documentById, ownerDocuments, scholarExists, searchWorks, setHidden } from "./queries.server.ts";
import { addDocument, changeDocument, ownDocument, pdfOfBody, readPdf, removePdf, storePdf } from "./rules.server.ts";

const documentKit = formKit(scholarDocumentSchema, scholarDocumentValidators);

const unverified = (context: ApiContext) =>
  fail(0, say(context, "请先完成学者认证", "please complete person verification first"), { verifyAt: "/authentication" });

/** The body checked with the document schema, the PDF's type and size read from its bytes. */
function checkedDocument(context: ApiContext) {
  const { bytes, checked } = pdfOfBody(context.params);
  const body = validateBody<ScholarDocumentForm>({ ...context, params: checked }, documentKit);
  return { body, bytes };
}

/** Runs a write that may refuse, removing a PDF stored for it when it does not go through. */
function withStoredPdf(uploadsDir: string, bytes: Buffer | null, write: (pdf: { name: string; bytes: number } | null) => Envelope): Envelope {
  const pdf = bytes ? { name: storePdf(uploadsDir, bytes), bytes: bytes.length } : null;
  const answer = answerRefusal(() => write(pdf));
  if (answer.code !== 200 && pdf) removePdf(uploadsDir, pdf.name);
  return answer;
}

export function scholarDocumentRoutes(db: Db, accounts: Accounts, uploadsDir: string): RouteDefinition[] {
  const add = (context: ApiContext, user: UserRow) => {
    if (!user.author_code) return unverified(context);
    const { body, bytes } = checkedDocument(context);
    if (!body.ok) return body.envelope;
    const limited = limitCostly(context, db, user.id, "post");
    if (limited) return limited;
    const owner = { userId: user.id, authorCode: user.author_code };
    return withStoredPdf(uploadsDir, bytes, (pdf) => {
      const id = addDocument(context, db, owner, body.value, pdf ?? { name: "", bytes: 0 });
      return ok({ id }, say(context, "文献已添加", "Document added"));
    });
  };

  const update = (context: ApiContext, user: UserRow) => {
    if (!user.author_code) return unverified(context);
    const { body, bytes } = checkedDocument(context);
    if (!body.ok) return body.envelope;
    const authorCode = user.author_code;
    return withStoredPdf(uploadsDir, bytes, (pdf) => {
      const row = ownDocument(context, db, positiveId(body.value.id), authorCode);
      const replaced = changeDocument(context, db, row, body.value, pdf);
      if (replaced) removePdf(uploadsDir, replaced);
      return ok({ id: row.item_id }, say(context, "修改已保存", "Changes saved"));
    });
  };

  const ownerList = (context: ApiContext, user: UserRow) => {
    if (!user.author_code) return unverified(context);
    const { pageNum, pageSize } = paging(context.params, 20);
    const { rows, total } = ownerDocuments(db, user.author_code, pageNum, pageSize);
    const list = rows.map((row) => ({
      ...toItem(row),
      id: row.item_id,
      docType: row.doc_type,
      hidden: row.hidden === 1,
      pdfBytes: row.pdf_bytes,
      form: JSON.parse(row.form) as Omit<ScholarDocumentForm, "id">,
      updatedAt: row.updated_at,
    }));
    return ok({ list, total, pageNum, pageSize });
  };

  const hide = (hidden: boolean) => (context: ApiContext, user: UserRow) => {
    if (!user.author_code) return unverified(context);
    const authorCode = user.author_code;
    return answerRefusal(() => {
      const row = ownDocument(context, db, positiveId(context.params.id), authorCode);
      setHidden(db, row.item_id, hidden, context.now().toISOString());
      return ok(
        { id: row.item_id, hidden },
        hidden ? say(context, "已隐藏，他人不再看到这篇文献", "Hidden: others no longer see it") : say(context, "已公开", "Shown to everyone again"),
      );
    });
  };

  const authorCodeOf = (context: ApiContext) => {
    const authorCode = typeof context.params.authorCode === "string" ? context.params.authorCode : "";
    return scholarExists(db, authorCode) ? authorCode : null;
  };

  const count = (context: ApiContext) => {
    const authorCode = authorCodeOf(context);
    if (!authorCode) return fail(404, say(context, "学者不存在", "No such scholar"));
    const counts = { paper: 0, report: 0, slides: 0 };
    for (const row of countWorks(db, authorCode, publicItemSql("items.id", "items.kind"))) counts[row.kind as keyof typeof counts] = row.count;
    return ok({ ...counts, total: counts.paper + counts.report + counts.slides });
  };

  const search = (context: ApiContext) => {
    const authorCode = authorCodeOf(context);
    if (!authorCode) return fail(404, say(context, "学者不存在", "No such scholar"));
    const { pageNum, pageSize } = paging(context.params, 5);
    const keyword = typeof context.params.keyword === "string" ? context.params.keyword : "";
    return ok({ ...searchWorks(db, authorCode, keyword, pageNum, pageSize), keyword });
  };

  /** A document's PDF: for everyone while it is shown, for its owner always. */
  const pdf = (context: ApiContext) => {
    const row = documentById(db, positiveId(context.params.id) ?? 0);
    const who = accounts.current(context);
    const owner = "user" in who && row !== undefined && who.user.author_code === row.author_code;
    const bytes = row && (row.hidden === 0 || owner) ? readPdf(uploadsDir, row.pdf_name) : null;
    if (!bytes) return new Response("not found", { status: 404, headers: { "Content-Type": "text/plain" } });
    return new Response(new Uint8Array(bytes), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="document-${row?.item_id}.pdf"`,
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cache-Control": "private, no-cache",
      },
    });
  };

  return [
    { method: "POST", path: "/article/doNewInsertDoc", handler: accounts.withUser(add) },
    { method: "POST", path: "/article/doUpdateDoc", handler: accounts.withUser(update) },
    { method: "ANY", path: "/article/getUploadDocList", handler: accounts.withUser(ownerList) },
    { method: "POST", path: "/article/addHide", handler: accounts.withUser(hide(true)) },
    { method: "POST", path: "/article/cancelHide", handler: accounts.withUser(hide(false)) },
    { method: "ANY", path: "/article/countByAuthor", handler: count },
    { method: "ANY", path: "/article/searchByAuthor", handler: search },
    { method: "GET", path: "/article/pdf", handler: pdf },
  ];
}

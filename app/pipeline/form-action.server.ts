import { data, redirect } from "react-router";
import type { ErrorObject } from "ajv";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies";
import { fieldErrors } from "@contracts/form-errors";
import type { Lang } from "@contracts/language";
import { trimStrings } from "~/forms/form-kit";
import { FORM_ID_FIELD, NATIVE_FORM_MAX_BYTES, NATIVE_FORM_TYPE, type NativeFormAnswer, type NativePost, type PlatformCall } from "~/forms/native-post";
import { postedFields } from "~/forms/schema-fields";
import { readQuery, safeInternalPath } from "~/routing/routing";
import type { AppServices } from "~/services";
import { nativeForms } from "@widgets/native-forms";
import { resolveBindings } from "./bindings";
import { walkWidgets } from "./widget-tree";
import { publishState } from "./load-page.server";
import { evaluateGate, type Gate } from "@contracts/gate";
import type { PageConfig } from "@schemas/generated/page-config";

/** The forms that work without scripts, generated from the widgets' native-post.ts by npm run gen:types. */
export const NATIVE_POSTS: readonly NativePost[] = nativeForms;

type Validate = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** The urlencoded body of a plain form post, read up to NATIVE_FORM_MAX_BYTES; null for any other body. */
async function readPostedForm(request: Request): Promise<URLSearchParams | null> {
  if (!request.headers.get("Content-Type")?.startsWith(NATIVE_FORM_TYPE) || !request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > NATIVE_FORM_MAX_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

interface DeclaredForm {
  post: NativePost;
  props: Record<string, unknown>;
  config: PageConfig;
  /** The gates of the page and of the widget showing the form: a post must meet both, as the page shows it. */
  gates: (Gate | undefined)[];
}

/** The declaration of the posted form, if the page's config has the widget showing it (props resolved for this request). */
function declaredOnPage(services: AppServices, url: URL, id: string, lang: Lang): DeclaredForm | null {
  const post = NATIVE_POSTS.find((entry) => entry.id === id);
  const entry = services.pages.resolve(url.pathname);
  if (!post || entry?.status !== "valid") return null;
  const query = readQuery(url.searchParams, entry.config.query);
  let found: DeclaredForm | null = null;
  walkWidgets(entry.config.widgets, ({ node }) => {
    if (found || node.type !== post.widget) return;
    const props = resolveBindings(node.props ?? {}, { query, lang }) as Record<string, unknown>;
    if (post.shows?.(props) ?? true) found = { post, props, config: entry.config, gates: [entry.config.gate, node.gate] };
  });
  return found;
}

/**
 * The route action (ADR 029): a form of the page posted without scripts. The form is looked up in the page config by
 * its id (the body names no API path), its fields are checked with the same precompiled validator the browser uses,
 * and it is submitted to the platform through the server's API client as the widget's script submits it. Success
 * redirects (post/redirect/get), starting the session when a login answered; a refusal renders the page again with
 * the values typed (never a password) and a message under each field, in the user's language.
 */
export async function handleFormPost(request: Request, services: AppServices, lang: Lang) {
  const form = await readPostedForm(request);
  if (!form) throw new Response("Bad request", { status: 400, headers: { "Cache-Control": "no-store" } });
  const url = new URL(request.url);
  const cookies = request.headers.get("Cookie");
  const token = readCookie(cookies, COOKIE_NAMES.token);
  const id = form.get(FORM_ID_FIELD) ?? "";
  const declared = declaredOnPage(services, url, id, lang);
  const schema = declared?.post.kit.schema as Record<string, unknown> | undefined;
  const names = schema ? postedFields(schema) : [];
  const value = trimStrings(
    Object.fromEntries(names.flatMap((name) => (typeof form.get(name) === "string" ? [[name, form.get(name) as string]] : []))),
  ) as Record<string, string>;

  const refuse = (fields: Record<string, string>) => {
    const secret = new Set(declared?.post.secret ?? []);
    const values = Object.fromEntries(Object.entries(value).filter(([name]) => !secret.has(name)));
    const answer: NativeFormAnswer = { nativeForm: { id, values, fields } };
    // 200: the answer is the page itself, the form with its messages; the user's next step is to correct and send it again.
    return data(answer, { headers: { "Cache-Control": "no-store" } });
  };

  if (!declared) return refuse({ _form: "common:forms.needsScript" });
  const { post, props, config, gates } = declared;
  // The page's window and gates hold for a post as for the page: a closed campaign or a gated form takes nothing.
  const open = publishState(config, services.now());
  if (open !== "open") return refuse({ _form: open === "notYetOpen" ? "common:publish.notYetOpenTitle" : "common:publish.closedText" });
  const user = token ? await services.sessionUser(request) : null;
  const gateOutcome = gates.map((gate) => evaluateGate(gate, user)).find((outcome) => outcome !== "ok");
  if (gateOutcome) return refuse({ _form: `common:gate.${gateOutcome}.text` });
  const validate = ((await post.kit.loadValidators()).default as Record<string, Validate>)[String(schema?.$id)];
  if (!validate(value)) return refuse(fieldErrors(validate.errors));

  // The user's session, language and address, as their browser's own call through /api would carry them.
  const headers = { lang, ...(token ? { token } : {}), ...(services.clientAddress ? { "X-Forwarded-For": services.clientAddress } : {}) };
  const platform: PlatformCall = (call, params) => services.api.request(call.path, { method: call.method ?? "POST", encoding: call.encoding, params, headers });
  const outcome = await post.submit(value, props, platform, url.pathname + url.search);
  if ("fields" in outcome) return refuse(outcome.fields);

  const answer = new Headers({ "Cache-Control": "no-store" });
  if (outcome.session) {
    if (!services.sessionCookie) throw new Error("a form started a session, but the server gives no way to set its cookie");
    answer.append("Set-Cookie", services.sessionCookie(outcome.session));
  }
  return redirect(safeInternalPath(outcome.next, url.pathname), { status: 303, headers: answer });
}

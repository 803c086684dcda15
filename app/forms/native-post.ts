import type { ApiEnvelope } from "@contracts/envelope";
import { isSuccess } from "@contracts/envelope";
import type { CallDefinition } from "~/api/api-client";
import { type FormKit, serverFieldErrors } from "./form-kit";

/**
 * What a form posted without scripts and the route action answer each other (ADR 029). Shared by the page (which
 * renders the answer) and app/pipeline/form-action.server.ts (which gives it).
 */

/** The hidden field naming which form of the page was posted: its draft key, looked up in the page config by the action. */
export const FORM_ID_FIELD = "_form";

/** How a plain form posts, and the most it can weigh: a few short fields. The server refuses anything else unread. */
export const NATIVE_FORM_TYPE = "application/x-www-form-urlencoded";
export const NATIVE_FORM_MAX_BYTES = 16 * 1024;

/** The action's answer to a refused post: the values to show again (never a password) and a message per field. */
export interface NativeFormAnswer {
  nativeForm: { id: string; values: Record<string, string>; fields: Record<string, string> };
}

/** The answer for the form `id` among a route's action data, if the last post was that form's. */
export function nativeAnswerFor(actionData: Record<string, unknown> | null | undefined, id: string): NativeFormAnswer["nativeForm"] | undefined {
  for (const entry of Object.values(actionData ?? {})) {
    const answer = (entry as Partial<NativeFormAnswer> | null)?.nativeForm;
    if (answer?.id === id) return answer;
  }
  return undefined;
}

/** A call to the platform made for the user who posted (their session, their language), as the form's script makes it. */
export type PlatformCall = (call: CallDefinition, params: Record<string, unknown>) => Promise<ApiEnvelope>;

/** Where a posted form leads: the next page (a session to start, from a login answer) or what is wrong, field → message. */
export type NativeOutcome = { next: string; session?: string } | { fields: Record<string, string> };

/**
 * A form that also works without scripts, declared by the widget that renders it. The route action accepts a post of
 * it only on a page whose config has that widget (showing this form), validates the body with `kit`'s precompiled
 * validator, and then `submit`s it the way the widget's script does. The kit loads its validators (ADR 033): the widget
 * reads this declaration for its form id, and a static validator import here would put them in the page's first load.
 */
export interface NativePost<Props = Record<string, unknown>> {
  /** The form's draft key, sent in the FORM_ID_FIELD of its plain form. */
  id: string;
  /** The widget type that renders the form. */
  widget: string;
  /** When one widget renders several forms: whether these props (bindings resolved) show this one. */
  shows?: (props: Props) => boolean;
  kit: { schema: { $id?: string }; loadValidators: FormKit["loadValidators"] };
  /** Values never written back into the page (passwords): the user types them again. */
  secret?: readonly string[];
  /** `page` is the posted page's path and query (a login's sourceUrl). */
  submit: (value: Record<string, string>, props: Props, platform: PlatformCall, page: string) => Promise<NativeOutcome>;
}

/** The common submit: one call with the validated value; success goes to `next`, a refusal becomes the message of `field`. */
export function postOnce<Props>(
  call: CallDefinition,
  next: (props: Props) => string,
  field = "_form",
): (value: Record<string, string>, props: Props, platform: PlatformCall) => Promise<NativeOutcome> {
  return async (value, props, platform) => {
    const answer = await platform(call, value);
    if (isSuccess(answer)) return { next: next(props) };
    return { fields: serverFieldErrors(answer)?.fields ?? { [field]: answer.message || "common:actions.failed" } };
  };
}

import type { ReactNode } from "react";
import type { RJSFSchema, UiSchema, WidgetProps } from "@rjsf/utils";

/** A form's precompiled validators as its generated module exports them (schemas/generated/forms/<name>.validators.js). */
export interface ValidatorsModule {
  default: unknown;
}

/**
 * A form's schema (schemas/generated/forms) and how to load its precompiled validators (ADR 006):
 * `() => import("@schemas/generated/forms/<name>.validators.js")`. Nothing is validated before the first input or
 * submit, so the validators are not part of a page's first load (ADR 033); the schema is, the plain form is drawn from it.
 */
export interface FormKit {
  schema: RJSFSchema;
  loadValidators: () => Promise<ValidatorsModule>;
}

export interface SubmitOutcome {
  /** Field → i18n key from the server's same-schema validation (answer data.fields). */
  fields?: Record<string, string>;
}

export interface SchemaFormProps<T> {
  /** Keeps what the user typed across failed submits, server errors, language switches and remounts; also the form's id in a native post. */
  draftKey: string;
  kit: FormKit;
  uiSchema?: UiSchema;
  submitLabel: string;
  busyLabel?: string;
  /** Keeps the button busy after onSubmit resolved, e.g. while a registration goes on to log in. */
  busy?: boolean;
  initial?: Partial<T>;
  onSubmit: (value: T) => Promise<SubmitOutcome | undefined> | Promise<void>;
  /** Extra context for custom widgets (e.g. the send-code button's target). */
  context?: Record<string, unknown>;
  widgets?: Record<string, (props: WidgetProps) => ReactNode>;
  children?: ReactNode;
}

/** Strings trimmed and blank ones dropped, as the server's validateBody reads a body: "   " is a missing phone. */
export function trimStrings<T>(value: T): T {
  if (!value || typeof value !== "object") return value;
  const result: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== "string") result[key] = entry;
    else if (entry.trim()) result[key] = entry.trim();
  }
  return result as T;
}

/** The server's answer to a body its form validator refused (code 400, data.fields), as field → i18n key. */
export function serverFieldErrors(envelope: { code: number; data?: unknown }): SubmitOutcome | undefined {
  const fields = (envelope.data as { fields?: Record<string, string> } | undefined)?.fields;
  return envelope.code === 400 && fields && Object.keys(fields).length ? { fields } : undefined;
}

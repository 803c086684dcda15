import { type ComponentType, useContext, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useStore } from "@nanostores/react";
import { UNSAFE_DataRouterStateContext } from "react-router";
import { $drafts, saveDraft } from "./drafts";
import type { FormKit, SchemaFormProps } from "./form-kit";
import { NativeForm } from "./NativeForm";
import { postedFields } from "./schema-fields";
import { nativeAnswerFor } from "./native-post";
import "./forms.css";

export { serverFieldErrors, trimStrings, type FormKit, type SubmitOutcome } from "./form-kit";

type Runtime = typeof import("./RjsfForm");
let runtime: Runtime | null = null;
let loading: Promise<Runtime> | null = null;

/** The form runtime (RJSF, about 110 KB): one lazy chunk, fetched once for every form of the session. */
function loadRuntime(): Promise<Runtime> {
  loading ??= import("./RjsfForm").then(
    (module) => {
      runtime = module;
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Each form's precompiled validators once fetched, by schema: a form shown again (a dialog reopened) is live at once. */
const loadedValidators = new WeakMap<object, unknown>();

/** The runtime and this form's validators (ADR 033): the live form needs both, so a submit held for it is validated. */
async function loadForm(kit: FormKit): Promise<Runtime> {
  const [module, validators] = await Promise.all([loadRuntime(), kit.loadValidators()]);
  loadedValidators.set(kit.schema, validators.default);
  return module;
}

/** After the page has painted and the browser is idle: the form is visible before its runtime is fetched. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 200);
  return () => clearTimeout(handle);
}

/** What the user typed into the plain form before the runtime arrived, as form data (an emptied field is undefined). */
function typedValues(form: HTMLFormElement | null, fields: string[]): Record<string, unknown> {
  if (!form) return {};
  const posted = new FormData(form);
  const values: Record<string, unknown> = {};
  for (const name of fields) {
    const value = posted.get(name);
    if (typeof value === "string") values[name] = value === "" ? undefined : value;
  }
  return values;
}

/**
 * A form from a JSON Schema of schemas/forms/ (ADR 029). The server renders it as a plain `<form method="post">`
 * that works before any script runs (the route action validates it with the same precompiled validator); in the
 * browser the RJSF runtime and the form's validators are fetched when idle, or at once when the form is focused, and
 * take over with what the user already typed: live validation, drafts, the caller's onSubmit. A submit made before
 * they arrived is held and made by the live form, validated like any other.
 */
export default function SchemaForm<T extends object>(props: SchemaFormProps<T>) {
  const { draftKey, kit, initial } = props;
  const drafts = useStore($drafts, { keys: [draftKey] });
  const answer = nativeAnswerFor(useContext(UNSAFE_DataRouterStateContext)?.actionData, draftKey);
  const formData = (drafts[draftKey] as Record<string, unknown> | undefined) ?? answer?.values ?? (initial as Record<string, unknown> | undefined) ?? {};
  // An object per take-over: a form whose kit changed in place is taken over again once that kit's validators are in.
  const [live, setLive] = useState<{ Form: ComponentType<Parameters<Runtime["default"]>[0]> } | null>(null);
  const validators = loadedValidators.get(kit.schema);
  const Live = live && validators !== undefined ? live.Form : null;
  const [submitPending, setSubmitPending] = useState(false);
  // The runtime or the validators could not be fetched (offline, a new deploy): the form posts plainly instead.
  const [unreachable, setUnreachable] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const wake = useRef<() => void>(() => {});
  const caret = useRef<{ id: string; start: number | null; end: number | null } | null>(null);

  const takeOver = (module: Runtime) => {
    const typed = typedValues(form.current, postedFields(kit.schema as Record<string, unknown>));
    if (Object.keys(typed).length) saveDraft(draftKey, { ...formData, ...typed });
    const focused = document.activeElement;
    if (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement || focused instanceof HTMLSelectElement) {
      if (form.current?.contains(focused) && focused.id) {
        const text = focused instanceof HTMLSelectElement ? null : focused;
        caret.current = { id: focused.id, start: text?.selectionStart ?? null, end: text?.selectionEnd ?? null };
      }
    }
    setLive({ Form: module.default as never });
  };

  // The runtime's inputs replace the plain ones under the same ids: the one being typed in keeps the focus and caret.
  useLayoutEffect(() => {
    const kept = caret.current;
    if (!Live || !kept) return;
    caret.current = null;
    const element = document.getElementById(kept.id);
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) return;
    element.focus();
    if (!(element instanceof HTMLSelectElement) && kept.start !== null) {
      try {
        element.setSelectionRange(kept.start, kept.end);
      } catch {
        // Some input types (email, number) have no caret to restore.
      }
    }
  }, [Live]);

  // A form mounted after the runtime arrived (a dialog, a later page) is the interactive one from its first paint.
  useLayoutEffect(() => {
    if (runtime && loadedValidators.has(kit.schema)) takeOver(runtime);
  }, []);

  useEffect(() => {
    if (runtime && loadedValidators.has(kit.schema)) return;
    let active = true;
    const start = () => {
      void loadForm(kit).then(
        (module) => {
          if (active) takeOver(module);
        },
        () => {
          if (active) setUnreachable(true);
        },
      );
    };
    wake.current = start;
    const cancel = whenIdle(start);
    return () => {
      active = false;
      cancel();
    };
  }, [kit.schema]);

  // A submit held for the runtime goes out as the plain post once it is clear the runtime is not coming.
  useEffect(() => {
    if (unreachable && submitPending) form.current?.requestSubmit();
  }, [unreachable]);

  if (Live) {
    return (
      <Live {...(props as SchemaFormProps<object>)} validators={validators} initial={formData} serverFields={answer?.fields} submitOnMount={submitPending} />
    );
  }
  return (
    <NativeForm
      formRef={form}
      draftKey={draftKey}
      kit={kit}
      uiSchema={props.uiSchema}
      values={formData}
      fields={answer?.fields}
      submitLabel={props.submitLabel}
      widgets={props.widgets}
      context={props.context}
      onWake={() => wake.current()}
      onSubmit={(event) => {
        // Without its runtime the form posts as it does without scripts: the route action validates it (ADR 029).
        if (unreachable) return;
        // With scripts the form submits the interactive way, validated, as soon as its runtime and validators are here.
        event.preventDefault();
        setSubmitPending(true);
        wake.current();
      }}
    >
      {props.children}
    </NativeForm>
  );
}

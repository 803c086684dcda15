import { useEffect, useId, useRef, useState, type RefObject } from "react";
import type { WidgetProps } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import { callLiveRoom, isSuccess, type AnswerOf } from "../kit/api";
import { liveRoomCalls } from "../kit/calls/live-room";
import { useLang } from "../kit/page";
import "./emoji-panel.css";

type Expressions = AnswerOf<typeof liveRoomCalls.expressions>["list"];

/** The emoji set, asked of the platform once per page. */
let loaded: Promise<Expressions> | null = null;
const expressions = () => {
  loaded ??= callLiveRoom(liveRoomCalls.expressions).then((answer) => (isSuccess(answer) && answer.data ? answer.data.list : []));
  return loaded;
};

/** Puts an emoji where the caret is in a text (or at its end), and says where the caret goes after it. */
export function insertAt(text: string, emoji: string, start: number | null, end: number | null): { text: string; caret: number } {
  const from = start ?? text.length;
  const to = end ?? from;
  return { text: text.slice(0, from) + emoji + text.slice(to), caret: from + emoji.length };
}

/**
 * The emoji panel of the chat and comments (spec §7 /expression/list, ADR 081, 092): a toggle and a grid of 44 px
 * buttons, each named for screen readers, reached and used with the keyboard like any button; Escape closes it.
 */
export function EmojiPanel({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const { t } = useTranslation("common");
  const lang = useLang();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<Expressions>([]);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) void expressions().then(setList);
  }, [open]);
  return (
    <div className="emoji-panel">
      <button
        ref={toggle}
        type="button"
        className="emoji-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={disabled}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">😀</span>
        <span className="visually-hidden">{t("emoji.toggle")}</span>
      </button>
      {open && (
        <div
          id={panelId}
          className="emoji-grid"
          role="group"
          aria-label={t("emoji.title")}
          onKeyDown={(event) => {
            if (event.key !== "Escape") return;
            setOpen(false);
            toggle.current?.focus();
          }}
        >
          {list.map((item) => (
            <button
              key={item.code}
              type="button"
              className="emoji-choice"
              aria-label={lang === "en" ? item.nameEn : item.name}
              onClick={() => {
                setOpen(false);
                onPick(item.code);
              }}
            >
              {item.code}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The panel bound to a text box: the emoji goes in at the caret (or at the end), and the caret and focus come back after it. */
export function EmojiInsert({
  field,
  value,
  onChange,
  disabled,
}: {
  field: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (text: string) => void;
  disabled?: boolean;
}) {
  return (
    <EmojiPanel
      disabled={disabled}
      onPick={(emoji) => {
        const element = field.current;
        const next = insertAt(value, emoji, element?.selectionStart ?? null, element?.selectionEnd ?? null);
        onChange(next.text);
        requestAnimationFrame(() => {
          element?.focus();
          element?.setSelectionRange(next.caret, next.caret);
        });
      }}
    />
  );
}

/**
 * A schema form's textarea with the emoji panel under it (`"ui:widget": "emojiText"`), for the comment boxes. It keeps
 * its own text as well, and its field name, so what is typed before the form runtime arrives (whose changes are ignored
 * until then) stays on screen and is carried over from the plain form.
 */
export function EmojiTextarea({ id, name, value, onChange, onBlur, disabled, placeholder, label, options, autofocus }: WidgetProps) {
  const field = useRef<HTMLTextAreaElement>(null);
  const given = typeof value === "string" ? value : "";
  const [text, setText] = useState(given);
  useEffect(() => setText(given), [given]);
  const change = (next: string) => {
    setText(next);
    onChange(next === "" ? undefined : next);
  };
  return (
    <div className="emoji-text">
      <textarea
        ref={field}
        id={id}
        name={name}
        className="form-control"
        rows={Number(options.rows ?? 3)}
        value={text}
        disabled={disabled}
        placeholder={placeholder}
        aria-label={placeholder || label}
        // biome-ignore lint/a11y/noAutofocus: the box opens because the person asked to write
        autoFocus={autofocus}
        onChange={(event) => change(event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
      />
      <EmojiInsert field={field} value={text} onChange={change} disabled={disabled} />
    </div>
  );
}

/** The schema forms' widget table that brings the emoji textarea. */
export const emojiWidgets = { emojiText: EmojiTextarea };

import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { callLiveRoom, isSuccess, liveRoomCalls, type AnswerOf } from "../kit/api";
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
 * The emoji panel of the chat and comments (spec §7 /expression/list, ADR 081): a toggle and a grid of buttons
 * (40 px and more, each named for screen readers), reached and used with the keyboard like any button.
 */
export function EmojiPanel({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const { t } = useTranslation("common");
  const lang = useLang();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<Expressions>([]);
  useEffect(() => {
    if (open) void expressions().then(setList);
  }, [open]);
  return (
    <div className="emoji-panel">
      <button type="button" className="emoji-toggle" aria-expanded={open} aria-controls={panelId} disabled={disabled} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">😀</span>
        <span className="visually-hidden">{t("emoji.toggle")}</span>
      </button>
      {open && (
        <div id={panelId} className="emoji-grid" role="group" aria-label={t("emoji.title")}>
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

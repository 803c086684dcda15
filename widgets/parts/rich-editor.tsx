import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import "./rich-editor.css";
import { loadedSanitiser, loadSanitiser } from "./html-safety";
import { StateNotice } from "../kit/page";

export interface RichEditorProps {
  /** The text the editor starts from; set again only when `version` changes (a restored copy, a loaded text, a cleared draft). */
  initialHtml: string;
  version: number;
  /** Called with the area's HTML after every edit: typing, a toolbar command, a paste, an inserted link, image or formula. */
  onChange: (html: string) => void;
  /** The accessible name of the text area and its toolbar. */
  label: string;
  /** The id of a visible element that names the text area (it then stands for `label` there). */
  labelledBy?: string;
  /** Shown in the empty area. */
  placeholder: string;
  /** The level of the toolbar's heading; the page's own headings decide which fits. */
  heading?: "h2" | "h3";
  /** Marks the text as refused (a field error below it). */
  invalid?: boolean;
  /** Uploads an image the writer picked and answers its URL, or null when refused (the caller says why). Without it, no image button. */
  uploadImage?: (file: File) => Promise<string | null>;
}

type Panel = "link" | "formula" | null;

const loadInsertPanel = () => import("./rich-editor-panel");
const InsertPanel = lazy(loadInsertPanel);

/** Rich text with nothing to read: no text, no image, no formula. */
export function isEmptyHtml(html: string): boolean {
  const text = html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .trim();
  return !text && !/<img\b/i.test(html);
}

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The one rich-text editor (articles, questions, answers): a contenteditable area with a toolbar — bold, italic, heading,
 * quote, lists, code, link, image (given `uploadImage`) and formula. The browser's editing commands do the work, so no
 * editor library is loaded; the platform sanitises what is saved. Formulas are typed as $…$ / $$…$$ source and render
 * once posted. Pasted text arrives as plain text.
 */
export function RichEditor({ initialHtml, version, onChange, label, labelledBy, placeholder, heading = "h2", invalid, uploadImage }: RichEditorProps) {
  const { t } = useTranslation(["editor", "common"]);
  const area = useRef<HTMLDivElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [uploading, setUploading] = useState(false);

  // "filling": a text is on its way into the area (the sanitiser is loading), "failed": it could not be loaded.
  const [filling, setFilling] = useState<"no" | "filling" | "failed">("no");
  const [retries, setRetries] = useState(0);

  // The text is set when a new version arrives (a loaded text, a restored copy), never while the writer types; a copy
  // restored from this device's storage is as untrusted as any stored HTML, so it goes through the allow-list too.
  // The allow-list is fetched for it (ADR 033); meanwhile the area takes no typing, which the text would replace.
  useEffect(() => {
    const text = initialHtml;
    const sanitise = loadedSanitiser();
    if (!text || sanitise) {
      if (area.current) area.current.innerHTML = text && sanitise ? sanitise(text) : "";
      setFilling("no");
      return;
    }
    let current = true;
    setFilling("filling");
    loadSanitiser().then(
      (loaded) => {
        if (!current || !area.current) return;
        area.current.innerHTML = loaded(text);
        setFilling("no");
      },
      () => current && setFilling("failed"),
    );
    return () => {
      current = false;
    };
  }, [version, retries]);

  useEffect(() => {
    // Enter starts a paragraph, not a <div>, so the saved text reads as paragraphs.
    document.execCommand("defaultParagraphSeparator", false, "p");
  }, []);

  const changed = () => onChange(area.current?.innerHTML ?? "");

  /** Whether the caret is in the text now (a toolbar button keeps it there while pressed). */
  const caretInArea = () => {
    const selection = window.getSelection();
    return document.activeElement === area.current && Boolean(selection?.rangeCount) && Boolean(area.current?.contains(selection?.anchorNode ?? null));
  };

  /** Remembers where the caret was before a panel or picker takes the focus. */
  const keepSelection = () => {
    const selection = window.getSelection();
    if (selection?.rangeCount && area.current?.contains(selection.anchorNode)) savedRange.current = selection.getRangeAt(0).cloneRange();
  };

  /** Puts the caret back where it was when the focus left the text (a panel, a picker); where it is, when it never left. */
  const restoreSelection = () => {
    if (caretInArea()) return;
    area.current?.focus();
    const selection = window.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
  };

  const run = (command: string, value?: string) => {
    restoreSelection();
    document.execCommand(command, false, value);
    changed();
  };

  const openPanel = (kind: "link" | "formula") => {
    keepSelection();
    setPanel(kind);
  };

  const pickImage = async (file: File | undefined) => {
    if (!file || !uploadImage) return;
    setUploading(true);
    try {
      const url = await uploadImage(file);
      if (url) run("insertImage", url);
    } finally {
      setUploading(false);
      if (imageInput.current) imageInput.current.value = "";
    }
  };

  const tool = (key: string, icon: ReactNode, act: () => void) => ({ key, label: t(`toolbar.${key}`), icon, act });
  const tools = [
    tool("bold", "B", () => run("bold")),
    tool("italic", "I", () => run("italic")),
    tool("heading", "H", () => run("formatBlock", heading)),
    tool("quote", "❝", () => run("formatBlock", "blockquote")),
    tool("bulletList", "•", () => run("insertUnorderedList")),
    tool("orderedList", "1.", () => run("insertOrderedList")),
    tool("code", "</>", () => run("formatBlock", "pre")),
    tool("link", <Icon path="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />, () => openPanel("link")),
    ...(uploadImage
      ? [
          tool("image", <Icon path="M4 5h16v14H4z M4 16l5-5 4 4 3-3 4 4 M15 9.5a1.5 1.5 0 1 0 0-.01" />, () => {
            keepSelection();
            imageInput.current?.click();
          }),
        ]
      : []),
    tool("formula", "∑", () => openPanel("formula")),
  ];

  return (
    <div className="rich-editor">
      <div className="rich-editor-toolbar" role="toolbar" aria-label={label}>
        {tools.map((entry) => (
          <button
            key={entry.key}
            type="button"
            className={`rich-editor-tool rich-editor-tool-${entry.key}`}
            aria-label={entry.label}
            title={entry.label}
            // Keeps the caret in the text while the button is pressed, so the command applies where the writer was; and
            // fetches the link and formula panel as a tool is pressed, before its click asks for it.
            onMouseDown={(event) => {
              event.preventDefault();
              void loadInsertPanel();
            }}
            onClick={entry.act}
          >
            {entry.icon}
          </button>
        ))}
      </div>
      {panel && (
        <Suspense fallback={null}>
          <InsertPanel
            key={panel}
            kind={panel}
            linksSelection={() => Boolean(savedRange.current && !savedRange.current.collapsed)}
            insert={run}
            close={() => setPanel(null)}
          />
        </Suspense>
      )}
      {uploadImage && <input ref={imageInput} type="file" accept="image/jpeg,image/png" hidden onChange={(event) => void pickImage(event.target.files?.[0])} />}
      {uploading && <p className="rich-editor-note">{t("imageUploading")}</p>}
      {filling === "failed" && <StateNotice kind="failed" className="rich-editor-error" retry={{ onRetry: () => setRetries((count) => count + 1) }} />}
      <div
        ref={area}
        className="rich-editor-area rich-text"
        contentEditable={filling === "no"}
        aria-busy={filling === "filling"}
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={labelledBy ? undefined : label}
        aria-labelledby={labelledBy}
        aria-invalid={invalid}
        data-placeholder={placeholder}
        tabIndex={0}
        onInput={changed}
        onBlur={keepSelection}
        onPaste={(event) => {
          // Pasted text arrives as text: styles and scripts of other pages stay behind.
          event.preventDefault();
          document.execCommand("insertText", false, event.clipboardData.getData("text/plain"));
          changed();
        }}
      />
    </div>
  );
}

import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

type Panel = { kind: "link" } | { kind: "formula" } | null;

interface Props {
  /** The text the editor starts from; set again only when `version` changes (a restored copy, a loaded article). */
  initialHtml: string;
  version: number;
  onChange: (html: string) => void;
  /** Uploads an image the writer picked and answers its URL, or null when refused (the caller says why). */
  uploadImage: (file: File) => Promise<string | null>;
}

const SAFE_LINK = /^https?:\/\/\S+$/i;

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The article text: a contenteditable area with a small toolbar (bold, italic, heading, lists, quote, link, image,
 * formula). The browser's editing commands do the work, so no editor library is loaded; the platform sanitises what is
 * saved. Formulas are typed as $…$ / $$…$$ source and render once released.
 */
export function RichEditor({ initialHtml, version, onChange, uploadImage }: Props) {
  const { t } = useTranslation("essay");
  const area = useRef<HTMLDivElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [panelValue, setPanelValue] = useState("");
  const [display, setDisplay] = useState(false);
  const [panelError, setPanelError] = useState("");
  const [uploading, setUploading] = useState(false);

  // The text is set when a new version arrives (a loaded article, a restored copy), never while the writer types.
  useEffect(() => {
    if (area.current) area.current.innerHTML = initialHtml;
  }, [version]);

  useEffect(() => {
    // Enter starts a paragraph, not a <div>, so the saved text reads as paragraphs.
    document.execCommand("defaultParagraphSeparator", false, "p");
  }, []);

  const changed = () => onChange(area.current?.innerHTML ?? "");

  /** Remembers where the caret was before a panel or picker takes the focus. */
  const keepSelection = () => {
    const selection = window.getSelection();
    if (selection?.rangeCount && area.current?.contains(selection.anchorNode)) savedRange.current = selection.getRangeAt(0).cloneRange();
  };

  const restoreSelection = () => {
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
    setPanel({ kind });
    setPanelValue("");
    setDisplay(false);
    setPanelError("");
  };

  const insertFromPanel = () => {
    const value = panelValue.trim();
    if (panel?.kind === "link") {
      if (!SAFE_LINK.test(value)) {
        setPanelError(t("errors.linkInvalid"));
        return;
      }
      const hasSelection = savedRange.current && !savedRange.current.collapsed;
      if (hasSelection) run("createLink", value);
      else
        run(
          "insertHTML",
          `<a href="${value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`)}">${value.replace(/[&<>]/g, (char) => `&#${char.charCodeAt(0)};`)}</a>`,
        );
    } else if (panel?.kind === "formula") {
      if (!value) {
        setPanelError(t("errors.formulaEmpty"));
        return;
      }
      run("insertText", display ? ` $$${value}$$ ` : ` $${value}$ `);
    }
    setPanel(null);
  };

  const pickImage = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const url = await uploadImage(file);
      if (url) run("insertImage", url);
    } finally {
      setUploading(false);
      if (imageInput.current) imageInput.current.value = "";
    }
  };

  const tools: { key: string; label: string; icon: ReactNode; act: () => void }[] = [
    { key: "bold", label: t("editor.toolbar.bold"), icon: "B", act: () => run("bold") },
    { key: "italic", label: t("editor.toolbar.italic"), icon: "I", act: () => run("italic") },
    { key: "heading", label: t("editor.toolbar.heading"), icon: "H", act: () => run("formatBlock", "h2") },
    { key: "bulletList", label: t("editor.toolbar.bulletList"), icon: "•", act: () => run("insertUnorderedList") },
    { key: "orderedList", label: t("editor.toolbar.orderedList"), icon: "1.", act: () => run("insertOrderedList") },
    { key: "quote", label: t("editor.toolbar.quote"), icon: "❝", act: () => run("formatBlock", "blockquote") },
    {
      key: "link",
      label: t("editor.toolbar.link"),
      icon: <Icon path="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
      act: () => openPanel("link"),
    },
    {
      key: "image",
      label: t("editor.toolbar.image"),
      icon: <Icon path="M4 5h16v14H4z M4 16l5-5 4 4 3-3 4 4 M15 9.5a1.5 1.5 0 1 0 0-.01" />,
      act: () => {
        keepSelection();
        imageInput.current?.click();
      },
    },
    { key: "formula", label: t("editor.toolbar.formula"), icon: "∑", act: () => openPanel("formula") },
  ];

  return (
    <div className="essay-rich">
      <div className="essay-toolbar" role="toolbar" aria-label={t("editor.contentLabel")}>
        {tools.map((tool) => (
          <button
            key={tool.key}
            type="button"
            className={`essay-tool essay-tool-${tool.key}`}
            aria-label={tool.label}
            title={tool.label}
            // Keeps the caret in the text while the button is pressed, so the command applies where the writer was.
            onMouseDown={(event) => event.preventDefault()}
            onClick={tool.act}
          >
            {tool.icon}
          </button>
        ))}
      </div>
      {panel && (
        <div className="essay-panel">
          <label>
            <span>{panel.kind === "link" ? t("editor.linkLabel") : t("editor.formulaLabel")}</span>
            <input
              // biome-ignore lint/a11y/noAutofocus: the panel opens for this one input
              autoFocus
              value={panelValue}
              placeholder={panel.kind === "link" ? t("editor.linkPlaceholder") : t("editor.formulaPlaceholder")}
              onChange={(event) => setPanelValue(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  insertFromPanel();
                }
              }}
            />
          </label>
          {panel.kind === "formula" && (
            <label className="essay-panel-check">
              <input type="checkbox" checked={display} onChange={(event) => setDisplay(event.target.checked)} />
              <span>{t("editor.formulaDisplay")}</span>
            </label>
          )}
          {panelError && (
            <p className="essay-error" role="alert">
              {panelError}
            </p>
          )}
          <div className="essay-panel-actions">
            <button type="button" className="button" onClick={() => setPanel(null)}>
              {t("editor.cancel")}
            </button>
            <button type="button" className="button button-primary" onClick={insertFromPanel}>
              {t("editor.insert")}
            </button>
          </div>
        </div>
      )}
      <input ref={imageInput} type="file" accept="image/jpeg,image/png" hidden onChange={(event) => void pickImage(event.target.files?.[0])} />
      {uploading && <p className="essay-note">{t("editor.imageUploading")}</p>}
      <div
        ref={area}
        className="essay-content rich-text"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={t("editor.contentLabel")}
        data-placeholder={t("editor.contentPlaceholder")}
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
      <p className="essay-hint">{t("editor.formulaHint")}</p>
    </div>
  );
}

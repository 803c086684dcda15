import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { COVER_HEIGHT, COVER_WIDTH } from "./image-crop";

interface Props {
  file: File;
  busy: boolean;
  onUse: (position: { x: number; y: number }) => void;
  onCancel: () => void;
}

/**
 * The chosen picture in a 750×420 frame, as the cover will be: the writer slides the part that is kept along the side
 * that overflows, then uses it. The frame previews with object-position what cropCover cuts, so both agree.
 */
export function CoverCropper({ file, busy, onUse, onCancel }: Props) {
  const { t } = useTranslation("essay");
  const [preview, setPreview] = useState("");
  const [wide, setWide] = useState<boolean | null>(null);
  const [offset, setOffset] = useState(50);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const position = wide ? { x: offset / 100, y: 0.5 } : { x: 0.5, y: offset / 100 };

  return (
    <div className="essay-cropper">
      <div className="essay-cropper-frame">
        {preview && (
          <img
            src={preview}
            alt={t("editor.cover")}
            width={COVER_WIDTH}
            height={COVER_HEIGHT}
            style={{ objectPosition: `${position.x * 100}% ${position.y * 100}%` }}
            onLoad={(event) => setWide(event.currentTarget.naturalWidth / event.currentTarget.naturalHeight > COVER_WIDTH / COVER_HEIGHT)}
          />
        )}
      </div>
      {wide !== null && (
        <label className="essay-cropper-slider">
          <span>{t("editor.coverPosition")}</span>
          <input type="range" min={0} max={100} value={offset} onChange={(event) => setOffset(Number(event.target.value))} />
        </label>
      )}
      <div className="essay-panel-actions">
        <button type="button" className="button" disabled={busy} onClick={onCancel}>
          {t("editor.cancel")}
        </button>
        <button type="button" className="button button-primary" disabled={busy || wide === null} onClick={() => onUse(position)}>
          {busy ? t("editor.coverUploading") : t("editor.coverUse")}
        </button>
      </div>
    </div>
  );
}

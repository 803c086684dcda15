import { useEffect, useRef, useState, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";

const MAX_ZOOM = 4;
/** A horizontal drag longer than this (px) turns the page; shorter ones spring back. */
const SWIPE_PX = 60;
/** A touch that moved less than this (px) and ended sooner than TAP_MS is a tap: it closes the viewer. */
const TAP_PX = 8;
const TAP_MS = 350;

interface Point {
  x: number;
  y: number;
}

interface Gesture {
  startedAt: number;
  start: Point;
  moved: boolean;
  /** Distance between two fingers and the zoom when the pinch began. */
  pinch: { distance: number; zoom: number } | null;
  /** Pan offset when a drag of a zoomed image began. */
  panFrom: Point;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Full-screen images with pointer events only (no library): swipe left or right between images, pinch to zoom (and drag
 * a zoomed image), tap or Back to close; arrow keys and Escape do the same from a keyboard, and Tab never leaves the viewer.
 */
export default function ImageViewer({ images, start, onClose }: { images: string[]; start: number; onClose: () => void }) {
  const { t } = useTranslation("circle");
  const [index, setIndex] = useState(start);
  const [swipe, setSwipe] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState<Point>({ x: 0, y: 0 });
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  const show = (next: number) => {
    setIndex(Math.max(0, Math.min(images.length - 1, next)));
    setZoom(1);
    setPan({ x: 0, y: 0 });
  };

  // Back (the phone's gesture or button) closes the viewer, as a gallery does, instead of leaving the post: opening adds
  // a history entry at the same address with the router's state kept (marked, so it is added once), and every way of closing goes back over it.
  const closed = useRef(onClose);
  closed.current = onClose;
  useEffect(() => {
    const state = window.history.state as Record<string, unknown> | null;
    if (!state?.imageViewer) window.history.pushState({ ...state, imageViewer: true }, "");
    const onBack = () => closed.current();
    window.addEventListener("popstate", onBack);
    return () => window.removeEventListener("popstate", onBack);
  }, []);
  const close = () => window.history.back();

  // While open: the page under it does not scroll, and focus is in the viewer; closing gives focus back to the image tapped.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  const down = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    if (pointers.current.size === 1) {
      gesture.current = { startedAt: Date.now(), start: point, moved: false, pinch: null, panFrom: pan };
    } else if (pointers.current.size === 2 && gesture.current) {
      const [a, b] = [...pointers.current.values()];
      gesture.current.pinch = { distance: distance(a, b), zoom };
      gesture.current.moved = true;
      setSwipe(0);
    }
  };

  const move = (event: PointerEvent<HTMLDivElement>) => {
    const current = gesture.current;
    if (!current || !pointers.current.has(event.pointerId)) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    if (current.pinch && pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()];
      setZoom(Math.max(1, Math.min(MAX_ZOOM, (current.pinch.zoom * distance(a, b)) / current.pinch.distance)));
      return;
    }
    const dx = point.x - current.start.x;
    const dy = point.y - current.start.y;
    if (Math.hypot(dx, dy) > TAP_PX) current.moved = true;
    if (zoom > 1) setPan({ x: current.panFrom.x + dx, y: current.panFrom.y + dy });
    else setSwipe(dx);
  };

  const up = (event: PointerEvent<HTMLDivElement>) => {
    const current = gesture.current;
    pointers.current.delete(event.pointerId);
    if (!current || pointers.current.size > 0) return;
    gesture.current = null;
    if (!current.moved && Date.now() - current.startedAt < TAP_MS) {
      close();
      return;
    }
    if (zoom === 1 && !current.pinch) {
      const dx = event.clientX - current.start.x;
      if (dx <= -SWIPE_PX) show(index + 1);
      else if (dx >= SWIPE_PX) show(index - 1);
    }
    if (zoom <= 1.05) {
      setZoom(1);
      setPan({ x: 0, y: 0 });
    }
    setSwipe(0);
  };

  const cancel = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) {
      gesture.current = null;
      setSwipe(0);
    }
  };

  return (
    <div
      ref={dialog}
      className="circle-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={t("viewer.title")}
      tabIndex={-1}
      data-testid="circle-viewer"
      onKeyDown={(event) => {
        // The viewer is modal: Tab and Shift+Tab stay on its one control instead of reaching the page beneath.
        if (event.key === "Tab") {
          event.preventDefault();
          closeButton.current?.focus();
        }
        if (event.key === "Escape") close();
        if (event.key === "ArrowRight") show(index + 1);
        if (event.key === "ArrowLeft") show(index - 1);
      }}
    >
      <div className="circle-viewer-stage" onPointerDown={down} onPointerMove={move} onPointerUp={up} onPointerCancel={cancel}>
        <div className="circle-viewer-track" style={{ transform: `translateX(calc(${-index * 100}% + ${swipe}px))`, transition: swipe ? "none" : undefined }}>
          {images.map((url, position) => (
            <div key={url} className="circle-viewer-slide">
              <img
                src={url}
                alt={t("viewer.image", { index: position + 1, count: images.length })}
                draggable={false}
                style={position === index ? { transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})` } : undefined}
                data-zoom={position === index ? zoom.toFixed(2) : undefined}
              />
            </div>
          ))}
        </div>
      </div>
      <p className="circle-viewer-count" aria-live="polite" data-testid="circle-viewer-count">
        {index + 1} / {images.length}
      </p>
      <button ref={closeButton} type="button" className="circle-viewer-close" onClick={close} aria-label={t("viewer.close")}>
        ×
      </button>
    </div>
  );
}

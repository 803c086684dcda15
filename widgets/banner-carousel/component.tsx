import { useEffect, useRef, useState } from "react";
import type { BannerCarouselProps } from "@schemas/generated/page-config";
import { asText, readPath, useLang, type WidgetDataReads } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { Art, artPlacement } from "../parts/art";

type Banner = Record<string, unknown>;

/** Of each banner: the fields its props name, its id (the key) and its cover (the image when imageField has none). */
export const dataReads: WidgetDataReads<BannerCarouselProps> = (props) => ({
  props: { items: { [props.imageField]: true, [props.titleField]: true, [props.linkField]: true, id: true, cover: true } },
});

/** Native scroll-snap carousel: swipeable without JS, autoplay added on top and paused while touched. */
export default function BannerCarousel({ props, nodeId }: WidgetRenderProps<BannerCarouselProps>) {
  const items = Array.isArray(props.items) ? (props.items as unknown as Banner[]) : [];
  const imageField = props.imageField;
  const titleField = props.titleField;
  const linkField = props.linkField;
  const lang = useLang();
  /** The title in the page's language: in English a field prefers its En sibling, as in every binding. */
  const titleOf = (banner: Banner) => asText(readPath(banner, [titleField], lang));
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || items.length < 2) return;
    const timer = setInterval(() => {
      const element = track.current;
      if (!element) return;
      const next = (Math.round(element.scrollLeft / element.clientWidth) + 1) % items.length;
      element.scrollTo({ left: next * element.clientWidth, behavior: "smooth" });
    }, props.intervalMs);
    return () => clearInterval(timer);
  }, [paused, items.length, props.intervalMs]);

  if (items.length === 0) return null;
  const ratio = props.aspectRatio.replace(":", "-");
  return (
    <div className={`banner-carousel ratio-${ratio}`} onPointerDown={() => setPaused(true)} onPointerUp={() => setPaused(false)}>
      <div
        className="banner-track"
        ref={track}
        onScroll={(event) => setActive(Math.round(event.currentTarget.scrollLeft / Math.max(1, event.currentTarget.clientWidth)))}
      >
        {items.map((banner, index) => (
          <SmartLink key={asText(banner.id) || index} to={asText(banner[linkField])} className="banner-slide">
            <Art
              src={asText(banner[imageField]) || asText(banner.cover)}
              alt={titleOf(banner)}
              shape="banner"
              // Only the first slide shows at load; the others wait until the carousel turns to them.
              placement={index === 0 ? artPlacement(nodeId) : "below"}
            />
            {props.caption && <span className="banner-caption">{titleOf(banner)}</span>}
          </SmartLink>
        ))}
      </div>
      <div className="banner-dots" aria-hidden="true">
        {items.map((banner, index) => (
          <span key={asText(banner.id) || index} className={index === active ? "dot active" : "dot"} />
        ))}
      </div>
    </div>
  );
}

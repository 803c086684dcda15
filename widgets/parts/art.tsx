import type { ReactElement } from "react";
import { preload } from "react-dom";
import { hasVariants, VARIANT_CONTENT_TYPE, VARIANT_FORMATS, variantSrcSet } from "@contracts/image-variants";

/** Intrinsic sizes of the art the platform serves, so the browser reserves each image's box before it arrives. */
export const ART_SIZES = {
  /** Item posters (videos, lives, papers…): 16:9. */
  poster: { width: 640, height: 360 },
  /** Home and channel banners: 2:1. */
  banner: { width: 720, height: 360 },
  /** Portraits and avatars: square. */
  portrait: { width: 96, height: 96 },
} as const;

export type ArtShape = keyof typeof ART_SIZES;

/**
 * How wide art shows on the page, as a `sizes` attribute: what the browser picks a variant by (ADR 091). The page is
 * the screen's width on a phone and at most 720 px wider up.
 */
export const ART_SPANS = {
  /** Across the page: banners, a detail's wide image, a hero. */
  full: "(min-width: 720px) 720px, 100vw",
  /** One column of a two-column grid (14 px margins and a 12 px gap). */
  half: "(min-width: 720px) 340px, 45vw",
  /** A list row's thumbnail (.list-image, .live-cover). */
  thumb: "132px",
  /** A portrait or avatar. */
  portrait: "96px",
} as const;

export type ArtSpan = keyof typeof ART_SPANS;

const SPAN_OF_SHAPE: Record<ArtShape, ArtSpan> = { poster: "full", banner: "full", portrait: "portrait" };

interface ArtProps {
  src: string;
  alt: string;
  shape: ArtShape;
  /** Where it sits on the page: the lead image (the likely LCP) is preloaded at high priority; below the fold waits. */
  placement: "lead" | "visible" | "below";
  /** How wide it shows; by default a poster or banner spans the page and a portrait is 96 px. */
  span?: ArtSpan;
  /** The intrinsic size the markup gives it when not its shape's: a 40 px avatar, a 96×54 order thumbnail. */
  box?: { width: number; height: number };
  className?: string;
}

/**
 * The one way widgets show art (ADR 031): explicit width/height (no layout shift), lazy below the fold, and the
 * lead image announced in the document head (`<link rel=preload as=image fetchpriority=high>`, React hoists it)
 * so the browser fetches it before any script runs. An uploaded JPEG or PNG comes in sizes (ADR 091): a <picture>
 * offering AVIF, then WebP, then its own format, each in phone widths, picked by the `sizes` of its span; any other
 * source (SVG, another site's, a data URL) is the one <img> it always was.
 */
export function Art({ src, alt, shape, placement, span, box, className }: ArtProps) {
  const { width, height } = box ?? ART_SIZES[shape];
  const sizes = ART_SPANS[span ?? SPAN_OF_SHAPE[shape]];
  if (placement === "lead") preloadLeadArt(src, sizes);
  const image = (
    <img
      className={className}
      src={src}
      srcSet={hasVariants(src) ? variantSrcSet(src) : undefined}
      sizes={hasVariants(src) ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={placement === "below" ? "lazy" : undefined}
      fetchPriority={placement === "lead" ? "high" : undefined}
      decoding="async"
    />
  );
  return inSizes(src, sizes, image);
}

/**
 * Art that fills a box its container sizes (a cell of a circle post's image grid), so it has no intrinsic size of its
 * own: lazy, and in sizes like Art, `sizes` being the cell's width.
 */
export function FillArt({ src, alt, sizes }: { src: string; alt: string; sizes: string }) {
  const variants = hasVariants(src);
  const image = <img src={src} srcSet={variants ? variantSrcSet(src) : undefined} sizes={variants ? sizes : undefined} alt={alt} loading="lazy" />;
  return inSizes(src, sizes, image);
}

/** The <img> alone for art without variants; else a <picture> offering AVIF, then WebP, then the <img>'s own srcset. */
function inSizes(src: string, sizes: string, image: ReactElement): ReactElement {
  if (!hasVariants(src)) return image;
  return (
    <picture className="art-picture">
      {VARIANT_FORMATS.map((format) => (
        <source key={format} type={VARIANT_CONTENT_TYPE[format]} srcSet={variantSrcSet(src, format)} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
}

/** Images a top widget shows in the first screen: four rows of a two-column grid on a phone. */
const VISIBLE_AT_TOP = 8;

/**
 * Where a widget's images sit: the first two top-level widgets are above the fold on a phone and the first image
 * of each leads; widgets nested in others ("0.1") or further down wait until scrolled near.
 */
export function artPlacement(nodeId: string, index = 0): ArtProps["placement"] {
  if (nodeId !== "0" && nodeId !== "1") return "below";
  if (index === 0) return "lead";
  return index < VISIBLE_AT_TOP ? "visible" : "below";
}

/**
 * Announces the page's lead image in the document head at high priority: also a video's poster, which no <img> shows.
 * Art in sizes is announced as its first format's `srcset` and `sizes`, typed, so a browser that reads that format
 * preloads the very candidate the <picture> will pick and one that does not skips the hint.
 */
export function preloadLeadArt(src: string, sizes: string = ART_SPANS.full): void {
  if (!src) return;
  if (!hasVariants(src)) {
    preload(src, { as: "image", fetchPriority: "high" });
    return;
  }
  const [best] = VARIANT_FORMATS;
  preload(src, { as: "image", fetchPriority: "high", type: VARIANT_CONTENT_TYPE[best], imageSrcSet: variantSrcSet(src, best), imageSizes: sizes });
}

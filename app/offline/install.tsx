/**
 * What makes the site installable (ADR 046): one web app manifest per language, written to public/ by
 * scripts/make-icons.ts with the icons it draws from public/favicon.svg.
 */
import type { Lang } from "@contracts/language";

export function manifestUrl(lang: Lang): string {
  return `/manifest.${lang}.webmanifest`;
}

/** iOS reads its home-screen icon from this link, not from the manifest. */
export const APPLE_TOUCH_ICON = "/icons/apple-touch-icon.png";

/**
 * The head's install links, rendered by the server only (entry.server.tsx): React hoists them into the head, and its
 * hydration passes over head elements the browser's render does not have, so no page's scripts carry them.
 */
export function InstallLinks({ lang }: { lang: Lang }) {
  return (
    <>
      <link rel="manifest" href={manifestUrl(lang)} />
      <link rel="apple-touch-icon" href={APPLE_TOUCH_ICON} />
    </>
  );
}

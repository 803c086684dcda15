import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Lang } from "@contracts/language";

/** Puts the root loader's catalogue into i18next before anything renders, then on each language change. */
export function useCatalogue(lang: Lang, resources: Record<string, Record<string, unknown>>): void {
  const { i18n } = useTranslation();
  const [applied, setApplied] = useState<string | null>(null);
  if (applied !== lang || i18n.language !== lang) {
    for (const [namespace, catalogue] of Object.entries(resources)) {
      if (!i18n.hasResourceBundle(lang, namespace)) i18n.addResourceBundle(lang, namespace, catalogue, true, true);
    }
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
    if (applied !== lang) setApplied(lang);
  }
}

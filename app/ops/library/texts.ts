import { useTranslation } from "react-i18next";
import type { Lang } from "@contracts/language";

/** Holds the screen's catalogue before it renders (server and browser alike), as the console's layout does its own. */
export function useLibraryTexts(lang: Lang, resources: Record<string, unknown>) {
  const translation = useTranslation("opsLibrary");
  if (!translation.i18n.hasResourceBundle(lang, "opsLibrary")) translation.i18n.addResourceBundle(lang, "opsLibrary", resources, true, true);
  return translation;
}

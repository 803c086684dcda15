export type AppType = "ios" | "android" | "";

/** The native apps add "ScholarApp/ios" or "ScholarApp/android" to their web views' user agent (ADR 005). */
export function detectAppType(userAgent: string | null | undefined): AppType {
  const match = /ScholarApp\/(ios|android)/i.exec(userAgent ?? "");
  return match ? (match[1].toLowerCase() as AppType) : "";
}

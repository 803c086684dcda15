/** The messaging app's own browser (WeChat), where downloads, app links and copied-link sharing are blocked (spec §9). */
export function isMessagingAppBrowser(userAgent: string | null | undefined): boolean {
  return /MicroMessenger/i.test(userAgent ?? "");
}

import { isSuccess } from "@contracts/envelope";
import { browserApi } from "~/api/browser-api";

interface ShareSignature {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

/** The messaging app's JS-SDK, present only where the app's container provides it. */
interface MessagingSdk {
  config(options: ShareSignature & { debug: boolean; jsApiList: string[] }): void;
  ready(callback: () => void): void;
  updateAppMessageShareData(options: { title: string; desc: string; link: string; imgUrl: string }): void;
  updateTimelineShareData(options: { title: string; link: string; imgUrl: string }): void;
}

/**
 * Configures the messaging app's share menu for this page: the signature comes from POST /wechat/getShare with the
 * page URL (spec §7); with the app's SDK present, the shared card gets this page's title and link.
 */
export async function configureMessagingShare(title: string, description: string): Promise<void> {
  const url = window.location.href.split("#")[0];
  const envelope = await browserApi.request<ShareSignature>("/wechat/getShare", { params: { url } });
  if (!isSuccess(envelope) || !envelope.data) return;
  const sdk = (window as unknown as { wx?: MessagingSdk }).wx;
  if (sdk) {
    const imgUrl = new URL("/logo.svg", window.location.origin).toString();
    sdk.config({ ...envelope.data, debug: false, jsApiList: ["updateAppMessageShareData", "updateTimelineShareData"] });
    sdk.ready(() => {
      sdk.updateAppMessageShareData({ title, desc: description, link: url, imgUrl });
      sdk.updateTimelineShareData({ title, link: url, imgUrl });
    });
  }
}

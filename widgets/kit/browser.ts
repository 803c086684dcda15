/** The widget kit's browser helpers: clipboard, images, storage and tokens, the playback flags of spec §4, the messaging app's share card. */
export { copyText } from "~/browser/copy-text";
export { compressImage, compressionQuality, toBase64 } from "~/browser/image-compress";
export { randomToken, readCached, readStorage, writeStorage } from "~/browser/storage";
export { $playbackFlag, $playDuration, $playStatus } from "~/stores/media";
export { isMessagingAppBrowser } from "~/browser/user-agent";
export { cashierReturn, cashierUrl, payWithBridge } from "~/browser/cashier";
export { configureMessagingShare } from "~/browser/messaging-share";

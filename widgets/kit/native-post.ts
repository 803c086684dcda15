/** Forms that also work without scripts (ADR 029): what a form widget declares so the route action accepts its plain post. */
export { type NativeOutcome, type NativePost, type PlatformCall, postOnce } from "~/forms/native-post";

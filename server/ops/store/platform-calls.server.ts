import { SUCCESS_CODES } from "@contracts/envelope.ts";
import type { ApiClient } from "~/api/api-client.ts";
import { OPS_CONSOLE_PREFIX } from "@contracts/platform-paths.ts";
import type { ConsolePlatform } from "./console-store.server.ts";

/** The console's calls to the platform, through our server's one client of it (bounded like every other call). */
export function consolePlatformOver(api: ApiClient): ConsolePlatform {
  const call = async <T>(path: string, method: "GET" | "POST", params: Record<string, unknown> = {}): Promise<T> => {
    const answer = await api.request<T>(`${OPS_CONSOLE_PREFIX}${path}`, { method, params });
    if (!SUCCESS_CODES.has(answer.code) || answer.data === undefined)
      throw new Error(`the platform answered ${path} with ${answer.code}: ${answer.message ?? ""}`);
    return answer.data;
  };
  return {
    spendCaptcha: async (randStr, ticket) => (await call<{ passed: boolean }>("/captcha/spend", "POST", { randStr, ticket })).passed,
    hotSearches: () => call<{ shown: unknown[]; hidden: unknown[] }>("/hotSearches", "GET"),
    hideSearch: async (keyword, by) => (await call<{ keyword: string | null }>("/hotSearches/hide", "POST", { keyword, by })).keyword,
    showSearch: async (keyword) => (await call<{ shown: boolean }>("/hotSearches/show", "POST", { keyword })).shown,
  };
}

/** For commands that manage staff or pages only (npm run ops:add-staff): any call of the platform is refused. */
export const NO_PLATFORM: ConsolePlatform = {
  spendCaptcha: () => Promise.reject(new Error("this command does not reach the platform")),
  hotSearches: () => Promise.reject(new Error("this command does not reach the platform")),
  hideSearch: () => Promise.reject(new Error("this command does not reach the platform")),
  showSearch: () => Promise.reject(new Error("this command does not reach the platform")),
};

import { atom } from "nanostores";
import { callApi } from "~/api/calls";
import { accountCalls } from "~/api/groups/account";
import { readCached, STORAGE_KEYS, writeStorage } from "~/browser/storage";

/** A country prefix option (spec §3). */
export interface CountryPrefix {
  id: number;
  mobilePrefix: string;
  country: string;
  countryEnShort: string;
}

/** The mainland prefix, usable before the list has arrived: 86, prefix id 1 (spec §9). */
export const MAINLAND: CountryPrefix = { id: 1, mobilePrefix: "86", country: "中国大陆", countryEnShort: "CN" };

export const $countryPrefixes = atom<CountryPrefix[]>([MAINLAND]);

let loading: Promise<void> | null = null;

/** The list from the platform, fetched once and then kept in local storage (spec §7: cached after the first success). */
export function loadCountryPrefixes(): Promise<void> {
  const cached = readCached<CountryPrefix[]>(STORAGE_KEYS.countryPrefixes);
  if (Array.isArray(cached) && cached.length) {
    $countryPrefixes.set(cached);
    return Promise.resolve();
  }
  loading ??= callApi(accountCalls.countryPrefixes).then((answer) => {
    loading = null;
    if (answer.code !== 200 || !Array.isArray(answer.data) || !answer.data.length) return;
    writeStorage(STORAGE_KEYS.countryPrefixes, JSON.stringify(answer.data));
    $countryPrefixes.set(answer.data);
  });
  return loading;
}

export function prefixId(mobilePrefix: string | undefined): string {
  const prefix = mobilePrefix ?? MAINLAND.mobilePrefix;
  return String($countryPrefixes.get().find((entry) => entry.mobilePrefix === prefix)?.id ?? MAINLAND.id);
}

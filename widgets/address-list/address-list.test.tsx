import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";
import { withAddress } from "./component";

const addresses = [
  {
    id: 3,
    receiver: "张三",
    phone: "13800138000",
    provinceCode: "110000",
    cityCode: "110000",
    districtCode: "110108",
    provinceName: "北京市",
    cityName: "北京市",
    districtName: "海淀区",
    detail: "颐和园路5号",
    isDefault: true,
  },
  {
    id: 4,
    receiver: "李四",
    phone: "13900139000",
    provinceCode: "440000",
    cityCode: "440100",
    districtCode: "440106",
    provinceName: "广东省",
    cityName: "广州市",
    districtName: "天河区",
    detail: "天河路385号",
    isDefault: false,
  },
];
const render = (query: Record<string, string> = {}) =>
  renderWidget("addressList", {
    props: { editLink: "/addressAddOrEdit" },
    source: "addresses",
    data: { addresses: { status: "ok", value: addresses } },
    query,
  });

describe("addressList", () => {
  it("lists the addresses, default first and marked, each with its place named once", async () => {
    const html = await render();
    expect(html).toContain("北京市海淀区 颐和园路5号");
    expect(html).toContain("广东省广州市天河区 天河路385号");
    expect(html).toContain('<em class="address-default">默认</em>');
    expect(hrefs(html)).toEqual(["/addressAddOrEdit?id=3", "/addressAddOrEdit?id=4", "/addressAddOrEdit"]);
    expect(html).toContain('class="address-main" disabled=""');
  });

  it("becomes a chooser from an order: rows are buttons, and the edit links keep where to return", async () => {
    const html = await render({ prePage: "/goodsConfirm?id=9" });
    expect(html).not.toContain('class="address-main" disabled=""');
    const carried = `prePage=${Buffer.from("/goodsConfirm?id=9").toString("base64url")}`;
    expect(hrefs(html)).toEqual([`/addressAddOrEdit?id=3&${carried}`, `/addressAddOrEdit?id=4&${carried}`, `/addressAddOrEdit?${carried}`]);
    expect(withAddress("/goodsConfirm?id=9", 4)).toBe("/goodsConfirm?id=9&addressId=4");
    expect(withAddress("/vipIndex", 4)).toBe("/vipIndex?addressId=4");
  });

  it("never returns to another site", async () => {
    const html = await render({ prePage: "//evil.example/x" });
    expect(html).toContain('class="address-main" disabled=""');
    expect(hrefs(html).every((href) => !href.includes("prePage"))).toBe(true);
  });
});

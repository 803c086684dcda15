import { describe, expect, it } from "vitest";
import { renderWidget } from "@tests/unit/render-widget";
import { regionOptions } from "./component";

const divisions = [
  { code: "110000", name: "北京市", children: [{ code: "110000", name: "北京市", children: [{ code: "110108", name: "海淀区" }] }] },
  { code: "440000", name: "广东省", children: [{ code: "440100", name: "广州市", children: [{ code: "440106", name: "天河区" }] }] },
];

describe("addressForm", () => {
  it("offers each level's choices from the levels chosen above it", () => {
    expect(regionOptions(divisions, "provinceCode", {}).map((entry) => entry.name)).toEqual(["北京市", "广东省"]);
    expect(regionOptions(divisions, "cityCode", { provinceCode: "440000" }).map((entry) => entry.name)).toEqual(["广州市"]);
    expect(regionOptions(divisions, "districtCode", { provinceCode: "440000", cityCode: "440100" }).map((entry) => entry.name)).toEqual(["天河区"]);
    expect(regionOptions(divisions, "districtCode", { provinceCode: "110000", cityCode: "440100" })).toEqual([]);
  });

  it("renders the labelled fields of the address schema", async () => {
    const html = await renderWidget("addressForm", { props: { listLink: "/addressList" } });
    for (const label of ["收货人", "手机号码", "省份", "城市", "区县", "详细地址", "设为默认地址"]) expect(html).toContain(label);
    expect(html).toContain(">保存<");
  });
});

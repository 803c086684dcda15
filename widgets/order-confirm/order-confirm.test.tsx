import { describe, expect, it } from "vitest";
import { hrefs, renderWidget } from "@tests/unit/render-widget";

const goods = {
  id: 9,
  productId: 5,
  kind: "goods",
  title: "帆布托特包",
  titleEn: "Tote bag",
  cover: "/media/poster/9.svg",
  priceFen: 5_900,
  stock: 200,
  bought: false,
};

describe("orderConfirm", () => {
  it("renders the product, the quantity stepper and the address chooser that returns here (as query text)", async () => {
    const html = await renderWidget("orderConfirm", {
      props: { payStatusLink: "/orderAck", addressListLink: "/addressList", quantity: true },
      source: "goods",
      data: { goods: { status: "ok", value: goods } },
      url: "/goodsConfirm?id=9",
    });
    expect(html).toContain("帆布托特包");
    expect(html).toContain("¥59.00");
    expect(html).toContain(">添加收货地址<");
    expect(html).toContain("<output");
    // "/goodsConfirm?id=9" as base64url: the spec's query rule reads only letters, digits, - and _.
    expect(hrefs(html)).toEqual([`/addressList?prePage=${Buffer.from("/goodsConfirm?id=9").toString("base64url")}`]);
  });

  it("has no address or quantity for a course, and a bought course cannot be ordered again", async () => {
    const html = await renderWidget("orderConfirm", {
      props: { payStatusLink: "/boutiquePay" },
      source: "course",
      data: { course: { status: "ok", value: { ...goods, kind: "course", stock: null, bought: true } } },
      lang: "en",
    });
    expect(hrefs(html)).toEqual([]);
    expect(html).not.toContain("<output");
    expect(html).toMatch(/disabled="">You have bought this course already</);
  });

  it("asks a course's buyer to accept the agreement, unticked, with links to its texts; goods need none", async () => {
    const course = { ...goods, kind: "course", stock: null };
    const zh = await renderWidget("orderConfirm", {
      props: { payStatusLink: "/boutiquePay" },
      source: "course",
      data: { course: { status: "ok", value: course } },
    });
    expect(zh).toContain('<input id="order-agree" type="checkbox" name="order-agree"/>');
    expect(zh).toContain("我已阅读并同意");
    expect(hrefs(zh)).toEqual(["/agreement", "/privacy"]);
    const en = await renderWidget("orderConfirm", {
      props: { payStatusLink: "/boutiquePay", agreementLink: "/agreement", privacyLink: "/privacy" },
      source: "course",
      data: { course: { status: "ok", value: course } },
      lang: "en",
    });
    expect(en).toContain("I have read and agree to the ");
    const forGoods = await renderWidget("orderConfirm", {
      props: { payStatusLink: "/orderAck" },
      source: "goods",
      data: { goods: { status: "ok", value: goods } },
    });
    expect(forGoods).not.toContain("order-agree");
  });
});

/**
 * The address book (spec §2 Addresses) through the embedded platform's calls: the divisions of the maintained
 * dataset, validation with the form schema (phone of spec §5, a real place), one default, ownership, the limit; and
 * a goods order that needs an address and keeps a copy of it.
 */
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { loadDivisions, regionText } from "@platform/addresses/index.server";

const api = useEmbeddedPlatform("2027-06-01T04:00:00.000Z", { captchaTestMode: true });
const { call } = api;

let phoneCounter = 0;
async function newUser(): Promise<string> {
  const phone = `136${String(++phoneCounter).padStart(8, "0")}`;
  await call("/web/sendMessageWithCaptcha", { body: { phoneNum: phone, randStr: "r", ticket: "t" }, ip: api.freshIp() });
  const code = api.outbox().find((row) => row.recipient === `+86 ${phone}`)!.code;
  return (await call("/web/loginMessage", { body: { userName: phone, mobilePrefix: "86", smsVerifyCode: code }, ip: api.freshIp() })).body.data.token;
}

const haidian = { receiver: "张三", phone: "13800138000", provinceCode: "110000", cityCode: "110000", districtCode: "110108", detail: "海淀区颐和园路5号" };
const tianhe = { receiver: "李四", phone: "13900139000", provinceCode: "440000", cityCode: "440100", districtCode: "440106", detail: "天河路385号" };

describe("divisions", () => {
  it("are three levels: municipalities and Hong Kong get a city of their own name, placeholders are dropped", () => {
    const divisions = loadDivisions();
    expect(divisions.length).toBeGreaterThanOrEqual(34);
    const beijing = divisions.find((entry) => entry.name === "北京市")!;
    expect(beijing.children?.map((city) => city.name)).toEqual(["北京市"]);
    expect(beijing.children?.[0].children?.some((district) => district.name === "海淀区")).toBe(true);
    const guangdong = divisions.find((entry) => entry.name === "广东省")!;
    expect(guangdong.children?.find((city) => city.name === "广州市")?.children?.some((district) => district.name === "天河区")).toBe(true);
    const hainan = divisions.find((entry) => entry.name === "海南省")!;
    expect(hainan.children?.flatMap((city) => city.children ?? []).some((district) => district.name === "市辖区")).toBe(false);
    expect(divisions.find((entry) => entry.name === "香港特别行政区")?.children?.[0].children?.length).toBeGreaterThan(10);
  });
});

describe("divisions in English", () => {
  it("every province has its English name, and a municipality's city level has it too", () => {
    const divisions = loadDivisions();
    expect(divisions.filter((province) => !province.nameEn)).toEqual([]);
    const shanghai = divisions.find((entry) => entry.code === "310000")!;
    expect(shanghai.nameEn).toBe("Shanghai");
    expect(shanghai.children?.[0].nameEn).toBe("Shanghai");
    expect(divisions.find((entry) => entry.code === "150000")?.nameEn).toBe("Inner Mongolia");
  });

  it("a region line says a municipality's name once", () => {
    expect(regionText("上海市", "上海市", "徐汇区")).toBe("上海市徐汇区");
    expect(regionText("广东省", "广州市", "天河区")).toBe("广东省广州市天河区");
  });
});

describe("the address book", () => {
  it("validates with the form schema and the divisions, in the caller's language, and keeps what was sent", async () => {
    const token = await newUser();
    const badPhone = await call("/userAddress/operation", { body: { ...haidian, phone: "12345" }, token, lang: "zh" });
    expect(badPhone.body).toMatchObject({ code: 400, message: "请输入正确的手机号码", data: { fields: { phone: "verify:errors.phoneInvalid" } } });
    const empty = await call("/userAddress/operation", { body: { ...haidian, receiver: " ", detail: "" }, token });
    expect(empty.body.data.fields).toMatchObject({ receiver: "order:address.errors.receiver", detail: "order:address.errors.detail" });
    const elsewhere = await call("/userAddress/operation", { body: { ...haidian, districtCode: "440106" }, token });
    expect(elsewhere.body).toMatchObject({ code: 400, message: "Please choose the region" });
    expect((await call("/userAddress/list", { method: "GET", token })).body.data).toEqual([]);
  });

  it("makes the first address the default, moves the default on request and on deletion, and names the places", async () => {
    const token = await newUser();
    const first = (await call("/userAddress/operation", { body: haidian, token })).body.data;
    expect(first).toMatchObject({ isDefault: true, provinceName: "北京市", cityName: "北京市", districtName: "海淀区" });
    const second = (await call("/userAddress/operation", { body: { ...tianhe, isDefault: true }, token })).body.data;
    expect(second).toMatchObject({ isDefault: true, cityName: "广州市", districtName: "天河区" });
    const list = (await call("/userAddress/list", { method: "GET", token })).body.data;
    expect(list.map((entry: { id: number; isDefault: boolean }) => [entry.id, entry.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    await call("/userAddress/setDefault", { body: { id: first.id }, token });
    expect((await call("/userAddress/detail", { method: "GET", query: { id: String(first.id) }, token })).body.data.isDefault).toBe(true);
    await call("/userAddress/delete", { body: { id: first.id }, token });
    expect((await call("/userAddress/list", { method: "GET", token })).body.data).toMatchObject([{ id: second.id, isDefault: true }]);
    const edited = (await call("/userAddress/operation", { body: { ...tianhe, id: second.id, detail: "天河路208号" }, token })).body.data;
    expect(edited).toMatchObject({ id: second.id, detail: "天河路208号", isDefault: true });
  });

  it("is the owner's alone: another user reads, edits, defaults and deletes nothing of it", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const address = (await call("/userAddress/operation", { body: haidian, token: owner })).body.data;
    expect((await call("/userAddress/detail", { method: "GET", query: { id: String(address.id) }, token: stranger })).body.code).toBe(404);
    expect((await call("/userAddress/operation", { body: { ...tianhe, id: address.id }, token: stranger })).body.code).toBe(404);
    expect((await call("/userAddress/setDefault", { body: { id: address.id }, token: stranger })).body.code).toBe(404);
    expect((await call("/userAddress/delete", { body: { id: address.id }, token: stranger })).body.code).toBe(404);
    expect((await call("/userAddress/detail", { method: "GET", query: { id: String(address.id) }, token: owner })).body.data.detail).toBe(haidian.detail);
    expect((await call("/userAddress/list", { method: "GET" })).body.code).toBe(401);
  });

  it("keeps at most 20 addresses", async () => {
    const token = await newUser();
    for (let index = 0; index < 20; index++) expect((await call("/userAddress/operation", { body: haidian, token })).body.code).toBe(200);
    expect((await call("/userAddress/operation", { body: haidian, token })).body).toMatchObject({ code: 400, message: "You can keep up to 20 addresses" });
  });

  it("a goods order needs the buyer's own address and keeps a copy that later edits do not change", async () => {
    const token = await newUser();
    const goods = (await call("/goods/list", { method: "GET" })).body.data.list[1];
    const key = () => randomBytes(12).toString("hex");
    expect((await call("/order/confirmPay", { body: { productId: goods.productId, idempotencyKey: key() }, token })).body.code).toBe(400);
    const theirs = (await call("/userAddress/operation", { body: haidian, token: await newUser() })).body.data;
    expect((await call("/order/confirmPay", { body: { productId: goods.productId, addressId: theirs.id, idempotencyKey: key() }, token })).body.code).toBe(400);
    const mine = (await call("/userAddress/operation", { body: tianhe, token })).body.data;
    const order = (await call("/order/confirmPay", { body: { productId: goods.productId, addressId: mine.id, idempotencyKey: key() }, token })).body.data;
    expect(order.address).toEqual({ receiver: "李四", phone: "13900139000", region: "广东省广州市天河区", detail: "天河路385号" });
    await call("/userAddress/operation", { body: { ...tianhe, id: mine.id, detail: "珠江新城" }, token });
    const inBeijing = (await call("/userAddress/operation", { body: haidian, token })).body.data;
    const beijingOrder = (await call("/order/confirmPay", { body: { productId: goods.productId, addressId: inBeijing.id, idempotencyKey: key() }, token })).body
      .data;
    expect(beijingOrder.address.region).toBe("北京市海淀区");
    expect((await call("/order/details", { body: { orderNo: order.orderNo }, token })).body.data.address.detail).toBe("天河路385号");
  });
});

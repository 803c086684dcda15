/** Guest lists and agendas pasted from a spreadsheet (ADR 071): columns by their names or their order, bad rows named. */
import { describe, expect, it } from "vitest";
import { parseAgenda, parseGuests } from "~/ops/event/paste";

const rows = (...lines: string[][]) => lines.map((cells) => cells.join("\t")).join("\n");

describe("parseGuests", () => {
  it("reads rows in the documented order when there is no names row", () => {
    const parsed = parseGuests(
      rows(["林一", "Lin Yi", "北京大学", "Peking University", "主持人", "/uploads/lin.jpg"], ["陈二", "Chen Er", "复旦大学", "Fudan University", "", ""]),
    );
    expect(parsed.hadHeader).toBe(false);
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries).toEqual([
      { name: "林一", nameEn: "Lin Yi", org: "北京大学", orgEn: "Peking University", role: "host", portraitUrl: "/uploads/lin.jpg" },
      { name: "陈二", nameEn: "Chen Er", org: "复旦大学", orgEn: "Fudan University", role: "guest", portraitUrl: "" },
    ]);
  });

  it("takes the columns from a names row in either language, in any order, with Windows line ends", () => {
    const text = "Name\t姓名\tRole\tAffiliation\r\nLin Yi\t林一\tSpeaker\tPeking University\r\n";
    const parsed = parseGuests(text);
    expect(parsed.hadHeader).toBe(true);
    expect(parsed.entries).toEqual([{ name: "林一", nameEn: "Lin Yi", org: "", orgEn: "Peking University", role: "speaker", portraitUrl: "" }]);
  });

  it("keeps a quoted cell with a line break inside as one cell, as spreadsheets copy it", () => {
    const parsed = parseGuests('林一\tLin Yi\t"北京大学\n经济学院"\tPKU\t嘉宾\t');
    expect(parsed.entries[0].org).toBe("北京大学\n经济学院");
  });

  it("names each bad row by its number in the block, the names row and blank rows counted", () => {
    const text = rows(
      ["姓名", "英文名", "身份", "照片"],
      ["林一", "", "嘉宾", ""],
      [],
      ["陈二", "Chen Er", "校长", "ftp://x/y.jpg"],
      ["王三", "Wang San", "", ""],
    );
    const parsed = parseGuests(text);
    expect(parsed.problems).toEqual([
      { row: 2, code: "missingNameEn", params: { name: "林一" } },
      { row: 4, code: "unknownRole", params: { value: "校长" } },
      { row: 4, code: "badPhoto", params: { value: "ftp://x/y.jpg" } },
    ]);
    expect(parsed.entries.map((guest) => guest.nameEn)).toEqual(["Wang San"]);
  });
});

describe("parseAgenda", () => {
  it("turns days and Beijing times into instants, with kinds in words", () => {
    const parsed = parseAgenda(rows(["2027/4/11", "9:00", "9：30", "开幕式", "Opening", "", "", "一号厅", "Hall 1", "开幕"]));
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries).toEqual([
      {
        startsAt: "2027-04-11T09:00:00+08:00",
        endsAt: "2027-04-11T09:30:00+08:00",
        kind: "opening",
        title: "开幕式",
        titleEn: "Opening",
        speaker: "",
        speakerEn: "",
        org: "",
        orgEn: "",
        place: "一号厅",
        placeEn: "Hall 1",
      },
    ]);
  });

  it("reads a names row and refuses impossible days, times out of order and unknown kinds", () => {
    const text = rows(
      ["日期", "开始", "结束", "标题", "Title", "类型"],
      ["2027年4月31日", "10:00", "11:00", "报告", "Talk", ""],
      ["2027-04-12", "11:00", "10:00", "报告", "Talk", "报告"],
      ["2027-04-12", "14:00", "15:30", "圆桌", "Panel", "辩论"],
      ["2027-04-12", "16:00", "17:00", "闭幕", "Closing", "closing"],
    );
    const parsed = parseAgenda(text);
    expect(parsed.hadHeader).toBe(true);
    expect(parsed.problems).toEqual([
      { row: 2, code: "badDate", params: { value: "2027年4月31日" } },
      { row: 3, code: "endBeforeStart", params: { start: "11:00", end: "10:00" } },
      { row: 4, code: "unknownKind", params: { value: "辩论" } },
    ]);
    expect(parsed.entries.map((entry) => [entry.titleEn, entry.kind])).toEqual([["Closing", "closing"]]);
  });
});

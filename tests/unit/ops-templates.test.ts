/** The console's page templates (ADR 077): what a new page starts from, and the sample texts left flagged at their fields. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCatalogues } from "@contracts/catalogues.server";
import { checkPageConfig } from "@server/config-check.server";
import { eventIdOfPage } from "~/ops/event/event-of-page";
import { loadTemplate } from "~/ops/templates/load";
import { TEMPLATE_NAMES, sampleTextPointers, startFromTemplate, templateHasEvent } from "~/ops/templates/start";

const root = join(import.meta.dirname, "..", "..");
const folder = join(root, "page-configs", "templates");
const catalogues = loadCatalogues(root);
const start = { path: "/2027ames", title: { zh: " 2027计量经济学会亚洲会议 ", en: "AMES 2027" }, eventId: 900008 };

describe("templates", () => {
  it("are the files of page-configs/templates, each offered by the chooser", () => {
    expect(readdirSync(folder).sort()).toEqual(TEMPLATE_NAMES.map((name) => `${name}.json`).sort());
  });

  it("load as the repository holds them, a fresh copy each time", async () => {
    const first = await loadTemplate("conference");
    expect(first).toEqual(JSON.parse(readFileSync(join(folder, "conference.json"), "utf8")));
    first.path = "/changed";
    expect((await loadTemplate("conference")).path).toBe("/conference");
  });

  it.each(TEMPLATE_NAMES)("%s starts a page that passes the server's checks, its sample texts flagged", async (name) => {
    const template = await loadTemplate(name);
    expect(sampleTextPointers(template)).toContain("/title/zh");
    const page = startFromTemplate(template, { ...start, eventId: templateHasEvent(template) ? start.eventId : null });
    const check = checkPageConfig(JSON.stringify(page), catalogues);
    expect(check.problems).toEqual([]);
    expect(page.path).toBe("/2027ames");
    expect(page.title).toEqual({ zh: "2027计量经济学会亚洲会议", en: "AMES 2027" });
    const left = sampleTextPointers(page);
    expect(left).not.toContain("/title/zh");
    expect(left.length).toBeGreaterThan(0);
  });

  it("wires every use of the template's event to the chosen one", async () => {
    const template = await loadTemplate("conference");
    const page = startFromTemplate(template, start);
    expect(eventIdOfPage(page)).toBe(900008);
    const text = JSON.stringify(page);
    expect(text).not.toContain(String(eventIdOfPage(template)));
    expect(text.match(/900008/g)?.length).toBe(JSON.stringify(template).match(new RegExp(String(eventIdOfPage(template)), "g"))?.length);
  });

  it("leaves a template without an event as it is, apart from path and title", async () => {
    const template = await loadTemplate("campaign");
    expect(templateHasEvent(template)).toBe(false);
    const page = startFromTemplate(template, { ...start, eventId: null });
    expect(page.data).toEqual(template.data);
    expect(page.widgets).toEqual(template.widgets);
  });
});

describe("sampleTextPointers", () => {
  it("names each sample text by its JSON pointer, escaping ~ and /", () => {
    const config = { title: { zh: "【请填写：名称】", en: "Named" }, "a/b~c": ["x", "[Fill in: the rules]"], count: 3 };
    expect(sampleTextPointers(config)).toEqual(["/title/zh", "/a~1b~0c/1"]);
  });

  it("finds nothing in a page written by a person", () => {
    expect(sampleTextPointers(JSON.parse(readFileSync(join(root, "page-configs", "2023ames.json"), "utf8")))).toEqual([]);
  });
});

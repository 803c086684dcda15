import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { loadCatalogues } from "@contracts/catalogues.server";
import type { ScheduledPublish } from "@contracts/ops-library";
import { ScheduleList } from "~/ops/schedule/SchedulePanel";

const catalogues = loadCatalogues(process.cwd(), ["ops", "common"]);

const failed: ScheduledPublish = {
  id: 7,
  path: "/2027ames",
  goLiveAt: "2027-04-10T01:30:00.000Z",
  state: "failed",
  version: null,
  outcome: "the config does not pass the page-config schema",
  scheduledBy: "chen",
  scheduledAt: "2027-04-01T01:30:00.000Z",
};

async function render(lang: "zh" | "en", schedules: ScheduledPublish[]) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ resources: catalogues, lng: lang, fallbackLng: false, ns: ["ops", "common"], interpolation: { escapeValue: false } });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <ScheduleList schedules={schedules} canCancel={true} onCancel={() => {}} />
    </I18nextProvider>,
  );
}

describe("the list of scheduled publishes", () => {
  it("says in the operator's language why a scheduled publish did not go live and what to do, never the server's record", async () => {
    const zh = await render("zh", [failed]);
    expect(zh).toContain("发布失败");
    expect(zh).toContain("到时这份配置已不再通过校验");
    expect(zh).not.toContain("page-config schema");
    const en = await render("en", [failed]);
    expect(en).toContain("no longer passed the checks");
    expect(en).not.toContain("page-config schema");
  });
});

/** The editor's undo and redo (ADR 077): one step per committed edit, typing in one field coalesced. */
import { describe, expect, it } from "vitest";
import { COALESCE_MS, EMPTY_UNDO, UNDO_LIMIT, recordEdit, redoStep, typedFieldOf, undoStep } from "~/ops/editor/undo-history";

describe("recordEdit, undoStep, redoStep", () => {
  it("folds keystrokes in one field into one step, and undoes it at once", () => {
    let state = recordEdit(EMPTY_UNDO, "a", "/title/zh", 1000);
    state = recordEdit(state, "ab", "/title/zh", 1500);
    state = recordEdit(state, "abc", "/title/zh", 2000);
    expect(state.past).toEqual(["a"]);
    const undone = undoStep(state, "abcd");
    expect(undone?.text).toBe("a");
    expect(undone?.state.future).toEqual(["abcd"]);
  });

  it("starts a new step in another field, after a pause, or for a change that is not typing", () => {
    let state = recordEdit(EMPTY_UNDO, "1", "/title/zh", 0);
    state = recordEdit(state, "2", "/title/en", 100);
    state = recordEdit(state, "3", "/title/en", 100 + COALESCE_MS);
    state = recordEdit(state, "4", null, 200 + COALESCE_MS);
    state = recordEdit(state, "5", null, 300 + COALESCE_MS);
    expect(state.past).toEqual(["1", "2", "3", "4", "5"]);
  });

  it("redoes what was undone, and forgets it after a new edit", () => {
    const state = recordEdit(recordEdit(EMPTY_UNDO, "one", null, 0), "two", null, 1);
    const back = undoStep(state, "three");
    expect(back?.text).toBe("two");
    const again = back && redoStep(back.state, back.text);
    expect(again?.text).toBe("three");
    expect(again && undoStep(again.state, "three")?.text).toBe("two");
    const edited = back && recordEdit(back.state, "two", null, 5);
    expect(edited && redoStep(edited, "other")).toBeNull();
  });

  it("has nothing to undo or redo at first, and keeps at most the limit", () => {
    expect(undoStep(EMPTY_UNDO, "x")).toBeNull();
    expect(redoStep(EMPTY_UNDO, "x")).toBeNull();
    let state = EMPTY_UNDO;
    for (let step = 0; step < UNDO_LIMIT + 5; step++) state = recordEdit(state, String(step), null, step);
    expect(state.past).toHaveLength(UNDO_LIMIT);
    expect(state.past[0]).toBe("5");
  });
});

describe("typedFieldOf", () => {
  const page = { title: { zh: "会议", en: "Meeting" }, widgets: [{ type: "hero", props: { title: "a" } }] };

  it("names the one field that changed", () => {
    expect(typedFieldOf(page, { ...page, title: { zh: "会议2", en: "Meeting" } })).toBe("/title/zh");
    const widgets = [{ type: "hero", props: { title: "ab" } }];
    expect(typedFieldOf(page, { ...page, widgets })).toBe("/widgets/0/props/title");
  });

  it("is null for two changed fields, a moved or added block, or a new key", () => {
    expect(typedFieldOf(page, { ...page, title: { zh: "x", en: "y" } })).toBeNull();
    expect(typedFieldOf(page, { ...page, widgets: [...page.widgets, { type: "hero", props: { title: "a" } }] })).toBeNull();
    expect(typedFieldOf(page, { ...page, title: { en: "Meeting", zh: "会议" } })).toBeNull();
    expect(typedFieldOf(page, { ...page, layout: {} })).toBeNull();
  });

  it("is undefined when nothing changed", () => {
    expect(typedFieldOf(page, structuredClone(page))).toBeUndefined();
  });
});

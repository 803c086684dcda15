/** Dragging a block or a list entry (ADR 077): the move as an edit of the config, and the undo keys. */
import { describe, expect, it } from "vitest";
import { moveEntry, withList } from "~/ops/editor/list-moves";
import { undoKeyOf } from "~/ops/editor/undo-controls";

describe("moveEntry", () => {
  it("moves one entry down or up, the others keeping their order", () => {
    expect(moveEntry(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveEntry(["a", "b", "c", "d"], 3, 1)).toEqual(["a", "d", "b", "c"]);
  });

  it("leaves the list as it is for a drop in place or outside it", () => {
    const list = ["a", "b"];
    expect(moveEntry(list, 1, 1)).toBe(list);
    expect(moveEntry(list, 0, 5)).toBe(list);
  });
});

describe("withList", () => {
  const config = { widgets: [{ type: "hero" }, { type: "eventHero", props: { facts: [{ icon: "a" }, { icon: "b" }] } }] };

  it("changes the list at a path in a copy, the config itself unchanged", () => {
    const next = withList(config, ["widgets", 1, "props", "facts"], (list) => moveEntry(list, 0, 1));
    expect(next.widgets).toEqual([{ type: "hero" }, { type: "eventHero", props: { facts: [{ icon: "b" }, { icon: "a" }] } }]);
    expect(config.widgets[1].props?.facts[0].icon).toBe("a");
  });

  it("moves the page's blocks", () => {
    expect(withList(config, ["widgets"], (list) => moveEntry(list, 1, 0)).widgets).toEqual([config.widgets[1], config.widgets[0]]);
  });

  it("returns the config for a path with no list", () => {
    expect(withList(config, ["widgets", 0, "props", "facts"], (list) => list.reverse())).toBe(config);
  });
});

describe("undoKeyOf", () => {
  const key = (key: string, extra: Partial<KeyboardEvent> = {}) => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...extra });

  it("reads Ctrl+Z, ⌘Z, Ctrl+Shift+Z and Ctrl+Y", () => {
    expect(undoKeyOf(key("z", { ctrlKey: true }))).toBe("undo");
    expect(undoKeyOf(key("z", { metaKey: true }))).toBe("undo");
    expect(undoKeyOf(key("Z", { ctrlKey: true, shiftKey: true }))).toBe("redo");
    expect(undoKeyOf(key("y", { ctrlKey: true }))).toBe("redo");
  });

  it("ignores plain typing and other shortcuts", () => {
    expect(undoKeyOf(key("z"))).toBeNull();
    expect(undoKeyOf(key("c", { ctrlKey: true }))).toBeNull();
    expect(undoKeyOf(key("z", { ctrlKey: true, altKey: true }))).toBeNull();
  });
});

/** Where JSON.parse stopped, as the line and column an operator can find ("at position 123" in V8's message). */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; line: number; column: number; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const reason = (error as Error).message;
    const found = /position (\d+)/.exec(reason);
    const offset = found ? Number(found[1]) : text.length;
    const before = text.slice(0, offset).split("\n");
    return { ok: false, line: before.length, column: before[before.length - 1].length + 1, reason: reason.replace(/\s*\(line \d+ column \d+\)/, "") };
  }
}

/**
 * The free-text limit of spec §5: an English word or a number counts as one, every other visible character as one,
 * and spaces between them not at all. The pattern is compiled into the form validators (scripts/gen-types.ts), so the
 * browser's forms and the embedded platform count exactly as this function does.
 */
export const FREE_TEXT_UNIT = "[A-Za-z]+(?:['’-][A-Za-z]+)*|[0-9]+(?:[.,][0-9]+)*|\\S";

export const FREE_TEXT_LIMIT = 50;

export function freeTextLength(text: string): number {
  return text.match(new RegExp(FREE_TEXT_UNIT, "gu"))?.length ?? 0;
}

/** The reader of @customcommander/ris (untyped), as the citation tests use it: one object of tag → values per record. */
declare module "@customcommander/ris" {
  export function read(text: string): Record<string, any[]>[] | null;
}

/** The parts of citation-js (untyped CommonJS packages) the citations use (ADR 044). */
declare module "@citation-js/core" {
  export interface CslName {
    family?: string;
    given?: string;
    literal?: string;
  }
  export interface CslItem {
    id: string;
    type: string;
    title?: string;
    author?: CslName[];
    issued?: { "date-parts": number[][] };
    "container-title"?: string;
    publisher?: string;
    URL?: string;
    language?: string;
    keyword?: string;
    director?: CslName[];
    medium?: string;
  }
  export class Cite {
    constructor(data: CslItem[]);
    format(format: "bibliography", options: { template: string; lang?: string; format: "text" | "html" }): string;
    format(format: "bibtex", options?: { format: "text" }): string;
    /** RIS records as tag → value(s), TY among them. */
    format(format: "ris", options: { format: "object" }): ({ TY: string } & Record<string, string | string[]>)[];
  }
  interface Register<T> {
    add(name: string, value: T): void;
    has(name: string): boolean;
  }
  export const plugins: {
    config: {
      get(name: "@csl"): { templates: Register<string>; locales: Register<string> };
      get(name: "@bibtex"): { format: { useIdAsLabel: boolean; asciiOnly: boolean; checkLabel: boolean } };
    };
  };
}
declare module "@citation-js/plugin-csl";
declare module "@citation-js/plugin-bibtex";
declare module "@citation-js/plugin-ris";
declare module "@citation-js/name" {
  export function parse(name: string): { family?: string; given?: string; literal?: string };
}

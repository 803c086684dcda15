import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const widgetsDir = join(import.meta.dirname, "..", "widgets");

/** Folders that hold what widgets share rather than a widget. */
const NOT_WIDGETS = new Set(["kit"]);

export interface WidgetFolder {
  /** The config's `type`: the folder's name in camelCase (action-bar → actionBar). */
  type: string;
  folder: string;
}

/** Every widget folder (one with a component.tsx), sorted by type: the source the registry is generated from. */
export function widgetFolders(): WidgetFolder[] {
  return readdirSync(widgetsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !NOT_WIDGETS.has(entry.name) && existsSync(join(widgetsDir, entry.name, "component.tsx")))
    .map((entry) => ({ type: entry.name.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase()), folder: entry.name }))
    .sort((a, b) => a.type.localeCompare(b.type));
}

/**
 * widgets/registry.ts for the given folders: type → folder and a lazy import, one line each; the catalogue
 * namespaces each widget's code uses, as `namespacesOf` reads them from its source; and the widgets whose first render
 * is a schema form, as `rendersForm` tells them (ADR 037).
 */
export function registrySource(
  folders: WidgetFolder[],
  banner: string,
  namespacesOf: (folder: string) => string[],
  rendersForm: (folder: string) => boolean,
): string {
  const lines = folders.map(({ type, folder }) => `  ${type}: { folder: "${folder}", load: () => import("./${folder}/component") },`);
  const namespaces = folders.map(
    ({ type, folder }) =>
      `  ${type}: [${namespacesOf(folder)
        .map((name) => `"${name}"`)
        .join(", ")}],`,
  );
  const forms = folders.filter(({ folder }) => rendersForm(folder)).map(({ type }) => `"${type}"`);
  return `${banner}import type { Namespace, WidgetDefinition } from "./kit/types";

/** type → folder and lazy component, one per widget folder. Each folder also holds props.schema.json, composed into the page-config schema. */
export const widgetRegistry = {
${lines.join("\n")}
} satisfies Record<string, WidgetDefinition>;

export type WidgetType = keyof typeof widgetRegistry;

export function isWidgetType(type: string): type is WidgetType {
  return Object.hasOwn(widgetRegistry, type);
}

/** The catalogue namespaces each widget's code (with all it imports) looks texts up in: a page is sent only those (ADR 028). */
export const widgetNamespaces: Record<WidgetType, readonly Namespace[]> = {
${namespaces.join("\n")}
};

/** Widgets whose first render is a schema form (their code reaches app/forms/): they hydrate after the page (ADR 037). */
export const formWidgets: ReadonlySet<string> = new Set<WidgetType>([${forms.join(", ")}]);
`;
}

/** What a widget folder's widget.meta.json declares: the block as an operator meets it in the console's "Add". */
export interface WidgetMeta {
  /** One emoji drawn beside the name. */
  icon: string;
  name: { zh: string; en: string };
  description: { zh: string; en: string };
}

const isPair = (value: unknown): value is { zh: string; en: string } =>
  typeof value === "object" && value !== null && typeof (value as { zh?: unknown }).zh === "string" && typeof (value as { en?: unknown }).en === "string";

/** A folder's widget.meta.json, checked: a folder without one (or with a part missing) stops the generator, naming it. */
export function readWidgetMeta(folder: string): WidgetMeta {
  const file = join(widgetsDir, folder, "widget.meta.json");
  if (!existsSync(file)) throw new Error(`widgets/${folder}/widget.meta.json is missing: every widget declares its name, description and icon`);
  const meta = JSON.parse(readFileSync(file, "utf8")) as Partial<WidgetMeta>;
  const complete = typeof meta.icon === "string" && isPair(meta.name) && isPair(meta.description);
  if (!complete || !meta.name?.zh || !meta.name.en || !meta.description?.zh || !meta.description.en) {
    throw new Error(`widgets/${folder}/widget.meta.json needs icon, name.zh, name.en, description.zh and description.en`);
  }
  return { icon: meta.icon as string, name: meta.name, description: meta.description };
}

/** schemas/generated/widget-meta.ts: every widget's meta by type, for the console only (never a public page's code). */
export function widgetMetaSource(folders: WidgetFolder[], banner: string): string {
  const entries = folders.map(({ type, folder }) => `  ${type}: ${JSON.stringify(readWidgetMeta(folder))},`);
  return `${banner}export interface WidgetMeta {
  icon: string;
  name: { zh: string; en: string };
  description: { zh: string; en: string };
}

/** Each widget's display name, description and icon, from its folder's widget.meta.json. */
export const widgetMeta: Record<string, WidgetMeta> = {
${entries.join("\n")}
};
`;
}

/** `export const NAME: NativePost…` in a folder's native-post.ts: the form a widget declares for posting without scripts (ADR 029). */
const NATIVE_POST_EXPORT = /^export const ([A-Z][A-Z0-9_]*): NativePost\b/gm;

/** The native-form declarations of a folder's native-post.ts, by export name; none when the folder has no such file. */
export function nativePostsOf(folder: string): string[] {
  const file = join(widgetsDir, folder, "native-post.ts");
  if (!existsSync(file)) return [];
  const names = [...readFileSync(file, "utf8").matchAll(NATIVE_POST_EXPORT)].map((match) => match[1]);
  if (!names.length) throw new Error(`widgets/${folder}/native-post.ts declares no "export const NAME: NativePost<…>"`);
  return names;
}

/**
 * widgets/native-forms.ts: every form that works without scripts, collected from the folders' native-post.ts, so the
 * route action (app/pipeline/form-action.server.ts) names no widget folder.
 */
export function nativeFormsSource(folders: WidgetFolder[], banner: string): string {
  const declared = folders.flatMap(({ folder }) => nativePostsOf(folder).map((name) => ({ folder, name })));
  const imports = declared.map(({ folder, name }) => `import { ${name} } from "./${folder}/native-post";`);
  return `${banner}import type { NativePost } from "./kit/forms";
${imports.join("\n")}

/** The forms that work without scripts, each declared by its widget's native-post.ts (whose props the page-config schema has checked). */
export const nativeForms = [${declared.map(({ name }) => name).join(", ")}] as unknown as NativePost[];
`;
}

/** A widget's own texts: its folder's texts.zh.json and texts.en.json, a namespace named as the widget's type (ADR 068). */
export interface WidgetTexts {
  namespace: string;
  folder: string;
  catalogues: { zh: Record<string, unknown>; en: Record<string, unknown> };
}

/** The folders' own texts; a folder with one language's file and not the other's stops the generator, naming it. */
export function widgetTexts(folders: WidgetFolder[] = widgetFolders()): WidgetTexts[] {
  return folders.flatMap(({ type, folder }) => {
    const [zh, en] = (["zh", "en"] as const).map((lang) => join(widgetsDir, folder, `texts.${lang}.json`));
    if (!existsSync(zh) && !existsSync(en)) return [];
    if (!existsSync(zh) || !existsSync(en)) throw new Error(`widgets/${folder} has texts in one language only: it needs texts.zh.json and texts.en.json`);
    const read = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    return [{ namespace: type, folder, catalogues: { zh: read(zh), en: read(en) } }];
  });
}

/** contracts/generated/widget-namespaces.ts: the namespaces of the widgets' own texts, which contracts/language.ts adds to the shared ones. */
export function widgetNamespacesSource(texts: WidgetTexts[], shared: readonly string[], banner: string): string {
  for (const { namespace, folder } of texts) {
    if (shared.includes(namespace))
      throw new Error(`widgets/${folder}'s texts are namespace "${namespace}", which is also a shared catalogue in contracts/locales`);
  }
  const names = texts.map(({ namespace }) => `"${namespace}"`).join(", ");
  return `${banner}/** The namespaces of the widgets' own texts (widgets/<folder>/texts.{zh,en}.json), each named as its widget's type. */\nexport const WIDGET_NAMESPACES = [${names}] as const;\n`;
}

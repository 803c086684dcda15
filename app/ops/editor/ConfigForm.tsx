import { memo, useMemo } from "react";
import { useTranslation } from "react-i18next";
import Form from "@rjsf/core";
import { TranslatableString, replaceStringParameters, type ErrorSchema, type RJSFSchema } from "@rjsf/utils";
import type { OpsDataSourceApi } from "@contracts/ops";
import { formUiSchema } from "./form-schema";
import { optionPicker } from "./option-picker";
import { MediaPickerField } from "~/ops/library/MediaPickerField";
import {
  AlternativesField,
  ApiWidget,
  ChoiceWidget,
  DateTimeWidget,
  DefaultCheckbox,
  WidgetTypeWidget,
  OpsArrayTitle,
  OpsBaseInputTemplate,
  OpsFieldTemplate,
  OpsObjectFieldTemplate,
  RequirementOnlyField,
  SourceNameWidget,
  WidgetNodeField,
  opsButtonTemplates,
  type EditorContext,
} from "./fields";
import { SortableArrayTemplate, SortableItemTemplate } from "./SortableList";

/** Schema descriptions are written for developers, in English: the form labels fields from the catalogue instead. */
const NoDescription = () => null;
const STRING_NAMES = Object.fromEntries(Object.entries(TranslatableString).map(([name, value]) => [value, name])) as Record<string, string>;
const API_LIST = "ops-served-apis";
const CATALOGUE_LIST = "ops-catalogue-keys";

interface Props {
  schema: RJSFSchema;
  config: Record<string, unknown>;
  errorSchema: ErrorSchema;
  dataSources: OpsDataSourceApi[];
  catalogueKeys: string[];
  onChange: (config: Record<string, unknown>) => void;
  onMoveEntry: (path: (string | number)[], from: number, to: number) => void;
}

/**
 * The page config as a form generated from its schema. It never validates by itself (noValidate): the editor checks
 * the whole draft with the generated validator and hands the problems in, each at its field.
 */
function ConfigForm({ schema, config, errorSchema, dataSources, catalogueKeys, onChange, onMoveEntry }: Props) {
  const { t, i18n } = useTranslation("ops");
  // The translator keeps its identity across a language switch: the language itself renews the form's texts.
  const lang = i18n.language;
  const uiSchema = useMemo(() => formUiSchema(t), [t, lang]);
  const dataNames = Object.keys((config.data as Record<string, unknown> | undefined) ?? {});
  const context: EditorContext = useMemo(
    () => ({ dataNames, apiListId: API_LIST, catalogueListId: CATALOGUE_LIST, moveEntry: onMoveEntry }),
    [dataNames.join("\n"), onMoveEntry],
  );
  const translateString = useMemo(
    () => (text: TranslatableString, params?: string[]) =>
      replaceStringParameters(t(`rjsf.${STRING_NAMES[text] ?? "unknown"}`, { defaultValue: text }), params),
    [t, lang],
  );
  return (
    <>
      <datalist id={API_LIST}>
        {dataSources.map((source) => (
          <option key={`${source.method} ${source.api}`} value={source.api}>
            {source.method}
          </option>
        ))}
      </datalist>
      <datalist id={CATALOGUE_LIST}>
        {catalogueKeys.map((key) => (
          <option key={key} value={`{t.${key}}`} />
        ))}
      </datalist>
      {/* RJSF keeps its button texts from its first render: a language switch draws the form anew (its data is ours). */}
      <Form
        key={lang}
        className="ops-form"
        schema={schema}
        uiSchema={uiSchema}
        formData={config}
        validator={optionPicker}
        noValidate
        showErrorList={false}
        extraErrors={errorSchema}
        formContext={context}
        translateString={translateString}
        experimental_defaultFormStateBehavior={{ emptyObjectFields: "skipDefaults", arrayMinItems: { populate: "never" } }}
        fields={{ AnyOfField: AlternativesField, OneOfField: RequirementOnlyField, widgetNode: WidgetNodeField, StringField: MediaPickerField }}
        widgets={{
          api: ApiWidget,
          sourceName: SourceNameWidget,
          widgetType: WidgetTypeWidget,
          dateTime: DateTimeWidget,
          SelectWidget: ChoiceWidget,
          CheckboxWidget: DefaultCheckbox,
        }}
        templates={{
          ButtonTemplates: opsButtonTemplates,
          ArrayFieldTemplate: SortableArrayTemplate,
          ArrayFieldItemTemplate: SortableItemTemplate,
          ArrayFieldTitleTemplate: OpsArrayTitle,
          BaseInputTemplate: OpsBaseInputTemplate,
          FieldTemplate: OpsFieldTemplate,
          ObjectFieldTemplate: OpsObjectFieldTemplate,
          DescriptionFieldTemplate: NoDescription,
        }}
        onChange={(event) => onChange((event.formData ?? {}) as Record<string, unknown>)}
      />
    </>
  );
}

export default memo(ConfigForm);

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { WidgetProps } from "@rjsf/utils";
import type { AddressFormProps } from "@schemas/generated/page-config";
import addressSchema from "@schemas/generated/forms/address.schema.json";
import type { AddressForm as AddressFormValue } from "@schemas/generated/forms";
import "./address-form.css";
import { refreshPageData, useLang, usePage } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, showFailure } from "../kit/api";
import { orderCalls } from "../kit/calls/order";
import { showToast } from "../kit/session";
import { type FormKit, SchemaForm, serverFieldErrors, useDraft } from "../kit/forms";
import { encodeQueryText, safeInternalPath } from "../kit/links";
import type { Address } from "../parts/shop-parts";
import type { Division } from "../kit/contracts";

interface RegionContext {
  divisions: Division[];
  draftKey: string;
}

/** The choices of one level given the levels above it in the draft: provinces; the province's cities; the city's districts. */
export function regionOptions(divisions: Division[], level: "provinceCode" | "cityCode" | "districtCode", draft: Record<string, unknown>): Division[] {
  if (level === "provinceCode") return divisions;
  const province = divisions.find((entry) => entry.code === draft.provinceCode);
  if (level === "cityCode") return province?.children ?? [];
  return province?.children?.find((entry) => entry.code === draft.cityCode)?.children ?? [];
}

/** One level of the province–city–district picker; a value the level above no longer offers is cleared. */
function RegionSelect({ id, name, value, onChange, disabled, label, registry }: WidgetProps) {
  const { t } = useTranslation("order");
  const lang = useLang();
  const { divisions, draftKey } = registry.formContext as RegionContext;
  const options = regionOptions(divisions, name as "provinceCode", useDraft(draftKey));
  const stale = Boolean(value) && divisions.length > 0 && !options.some((entry) => entry.code === value);
  useEffect(() => {
    if (stale) onChange(undefined);
  }, [stale]);
  return (
    <select
      id={id}
      className="form-control"
      value={stale ? "" : (value ?? "")}
      disabled={disabled || options.length === 0}
      aria-label={label}
      onChange={(event) => onChange(event.target.value || undefined)}
    >
      <option value="">{t("address.form.choose")}</option>
      {options.map((entry) => (
        <option key={entry.code} value={entry.code}>
          {lang === "en" && entry.nameEn ? entry.nameEn : entry.name}
        </option>
      ))}
    </select>
  );
}

/** Adding or editing an address with the address schema, checked again by the server; back to the list when saved. */
export default function AddressFormWidget({ props }: WidgetRenderProps<AddressFormProps>) {
  const { t } = useTranslation("order");
  const page = usePage();
  const navigate = useNavigate();
  const [divisions, setDivisions] = useState<Division[]>([]);
  const [editing, setEditing] = useState<Address | null>(null);
  const editId = Number(page.view.query.id) || null;
  const draftKey = editing ? `address-${editing.id}` : "address-new";
  const prePage = page.view.query.prePage ? safeInternalPath(page.view.query.prePage, "") : "";

  useEffect(() => {
    if (!editId) return;
    void callApi(orderCalls.address, { id: editId }).then((answer) => {
      if (answer.code === 200 && answer.data) setEditing(answer.data);
      else showFailure(answer);
    });
  }, [editId]);

  useEffect(() => {
    void callApi(orderCalls.divisions).then((answer) => {
      if (answer.code === 200 && Array.isArray(answer.data)) setDivisions(answer.data);
      else showFailure(answer);
    });
  }, []);

  if (editId && !editing) return null;
  const initial: Partial<AddressFormValue> = editing
    ? {
        id: editing.id,
        receiver: editing.receiver,
        phone: editing.phone,
        provinceCode: editing.provinceCode,
        cityCode: editing.cityCode,
        ...(editing.districtCode ? { districtCode: editing.districtCode } : {}),
        detail: editing.detail,
        isDefault: editing.isDefault,
      }
    : {};
  const region = (field: string) => ({ "ui:widget": "region", "ui:title": t(`address.form.${field}`) });

  return (
    <section className="address-form">
      <SchemaForm<AddressFormValue>
        draftKey={draftKey}
        kit={{ schema: addressSchema, loadValidators: () => import("@schemas/generated/forms/address.validators.js") } as FormKit}
        initial={initial}
        context={{ divisions, draftKey } satisfies RegionContext}
        widgets={{ region: RegionSelect }}
        uiSchema={{
          "ui:order": ["receiver", "phone", "provinceCode", "cityCode", "districtCode", "detail", "isDefault", "id"],
          id: { "ui:widget": "hidden" },
          receiver: { "ui:title": t("address.form.receiver"), "ui:placeholder": t("address.form.receiverPlaceholder"), "ui:autocomplete": "name" },
          phone: {
            "ui:title": t("address.form.phone"),
            "ui:placeholder": t("address.form.phonePlaceholder"),
            "ui:inputType": "tel",
            "ui:autocomplete": "tel-national",
          },
          provinceCode: region("province"),
          cityCode: region("city"),
          districtCode: region("district"),
          detail: {
            "ui:widget": "textarea",
            "ui:title": t("address.form.detail"),
            "ui:placeholder": t("address.form.detailPlaceholder"),
            "ui:options": { rows: 2 },
          },
          isDefault: { "ui:title": t("address.form.isDefault") },
        }}
        submitLabel={t("address.form.save")}
        busyLabel={t("address.form.saving")}
        onSubmit={async (value) => {
          const answer = await callApi(orderCalls.saveAddress, { ...value });
          if (answer.code === 200) {
            showToast(t("address.saved"), "success");
            await refreshPageData();
            void navigate(`${props.listLink}${prePage ? `?prePage=${encodeQueryText(prePage)}` : ""}`, { replace: true });
            return;
          }
          return serverFieldErrors(answer) ?? void showFailure(answer);
        }}
      />
    </section>
  );
}

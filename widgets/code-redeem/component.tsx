import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CodeRedeemProps } from "@schemas/generated/page-config";
import memberCodeSchema from "@schemas/generated/forms/member-code.schema.json";
import type { MemberCodeForm } from "@schemas/generated/forms";
import "./code-redeem.css";
import { CODE_REDEEM_POST } from "./native-post";
import { refreshPageData } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi } from "../kit/api";
import { memberCalls } from "../kit/calls/member";
import { type FormKit, SchemaForm, serverFieldErrors } from "../kit/forms";
import { SmartLink } from "../kit/links";
import { dayKey } from "../kit/format";

/** A refused code keeps the form as typed and shows the server's own words (wrong, used, expired, wait) under the field. */
export default function CodeRedeem({ props }: WidgetRenderProps<CodeRedeemProps>) {
  const { t } = useTranslation("points");
  const [done, setDone] = useState<{ expiresAt: string } | null>(null);
  if (done)
    return (
      <section className="code-redeem code-done" aria-live="polite">
        <p>{t("code.done", { date: dayKey(done.expiresAt) })}</p>
        <SmartLink to={props.doneLink} className="button button-primary">
          {t("gift.toMember")}
        </SmartLink>
      </section>
    );
  return (
    <section className="code-redeem">
      <h1 className="section-title">{t("code.title")}</h1>
      <SchemaForm<MemberCodeForm>
        draftKey={CODE_REDEEM_POST.id}
        kit={{ schema: memberCodeSchema, loadValidators: () => import("@schemas/generated/forms/member-code.validators.js") } as FormKit}
        uiSchema={{ code: { "ui:title": t("code.label"), "ui:placeholder": t("code.placeholder"), "ui:autocomplete": "off", "ui:help": t("code.help") } }}
        submitLabel={t("code.submit")}
        busyLabel={t("code.busy")}
        onSubmit={async (value) => {
          const answer = await callApi(memberCalls.redeemCode, { code: value.code });
          if (answer.code === 200 && answer.data) {
            setDone(answer.data);
            void refreshPageData();
            return;
          }
          return serverFieldErrors(answer) ?? { fields: { code: answer.message ?? "" } };
        }}
      />
    </section>
  );
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OrderRefundForm } from "@schemas/generated/forms";
import { callApi, refusalOf, showFailure, validatedRequest } from "../kit/api";
import { orderCalls } from "../kit/calls/order";
import { checkForm, type FormCheck } from "../kit/form-check";
import { formatFen } from "../kit/format";

/** The reasons a buyer chooses from, in the order the form lists them (the schema's enum). */
export const REFUND_REASONS: OrderRefundForm["reason"][] = ["notWanted", "wrongItem", "quality", "notReceived", "duplicate", "other"];
const NOTE_LIMIT = 200;
const refundCheck: FormCheck = { id: "order-refund", loadValidators: () => import("@schemas/generated/forms/order-refund.validators.js") };

interface RefundFormProps {
  orderNo: string;
  /** What the buyer paid, in fen: the amount the server will refund. */
  paidFen: number;
  onDone: () => void;
  onClose: () => void;
}

/**
 * A refund request: a reason from the list and the buyer's own words, checked with the platform's own schema before
 * sending; what was typed stays while the request is refused, with the reason at its field.
 */
export default function RefundForm({ orderNo, paidFen, onDone, onClose }: RefundFormProps) {
  const { t } = useTranslation("order");
  const [reason, setReason] = useState<OrderRefundForm["reason"] | "">("");
  const [note, setNote] = useState("");
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const body = { orderNo, ...(reason ? { reason } : {}), ...(note.trim() ? { note: note.trim() } : {}) };
    const invalid = await checkForm(refundCheck, body);
    setProblems(invalid);
    if (Object.keys(invalid).length) return;
    setBusy(true);
    const answer = await callApi(orderCalls.refund, validatedRequest(orderCalls.refund, body));
    setBusy(false);
    if (answer.code === 200) return onDone();
    const fields = refusalOf(answer).fields;
    if (fields) setProblems(fields);
    else showFailure(answer);
  };

  return (
    <form
      className="refund-form"
      aria-labelledby="refund-title"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="refund-title">{t("refund.title")}</h2>
      <fieldset aria-invalid={Boolean(problems.reason)} aria-describedby={problems.reason ? "refund-reason-error" : undefined}>
        <legend>{t("refund.reason")}</legend>
        {REFUND_REASONS.map((code) => (
          <label key={code} className="refund-reason">
            <input type="radio" name="reason" value={code} checked={reason === code} onChange={() => setReason(code)} />
            {t(`refund.reasons.${code}`)}
          </label>
        ))}
        {problems.reason && (
          <p id="refund-reason-error" className="refund-error" role="alert">
            {t(problems.reason)}
          </p>
        )}
      </fieldset>
      <label className="refund-note">
        {t("refund.note")}
        <textarea
          value={note}
          rows={3}
          placeholder={t("refund.notePlaceholder")}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={Boolean(problems.note)}
        />
        <span className={note.length > NOTE_LIMIT ? "count over" : "count"}>{`${note.length}/${NOTE_LIMIT}`}</span>
      </label>
      {problems.note && (
        <p className="refund-error" role="alert">
          {t(problems.note)}
        </p>
      )}
      {problems._form && <p className="refund-error">{t(problems._form)}</p>}
      <p className="refund-amount">
        {t("refund.amount")} <strong>{formatFen(paidFen)}</strong>
        <small>{t("refund.amountHint")}</small>
      </p>
      <div className="refund-actions">
        <button type="button" className="button" onClick={onClose}>
          {t("refund.close")}
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t("refund.busy") : t("refund.submit")}
        </button>
      </div>
    </form>
  );
}

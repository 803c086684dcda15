import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SeatMapProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, useHydrated, usePage, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, isSuccess } from "../kit/api";
import { eventCalls } from "../kit/calls/event";
import { askedToLogIn, requireLogin, showToast } from "../kit/session";
import { useViewerSource } from "../parts/viewer-source";
import { paletteClass } from "../parts/event-palette";
import type { SeatListAnswer } from "../kit/contracts";

type Seat = SeatPlan["list"][number];

export type SeatPlan = SeatListAnswer;

/** Seats of one row in order, with the aisle down the middle of the room. */
function rowSeats(plan: SeatPlan, row: string): (Seat | "aisle")[] {
  const seats = plan.list.filter((seat) => seat.row === row).sort((a, b) => a.number - b.number);
  const aisleAfter = Math.ceil(plan.columns / 2);
  const out: (Seat | "aisle")[] = [];
  for (const seat of seats) {
    out.push(seat);
    if (seat.number === aisleAfter) out.push("aisle");
  }
  return out;
}

/** Pick a free seat, see which are taken, confirm; a seat someone else took first is reported and shown taken. */
export default function SeatMap({ props, data, sourceName }: WidgetRenderProps<SeatMapProps>) {
  const { t } = useTranslation("spec");
  const _page = usePage();
  const _hydrated = useHydrated();
  const user = useViewer();
  const { value: plan, params, refresh } = useViewerSource<SeatPlan>(data, sourceName);
  const [selected, setSelected] = useState<number | null>(null);
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);

  if (!plan || !Array.isArray(plan.list) || plan.list.length === 0) return null;
  const seatName = (seat: Seat) => t("seats.name", { row: seat.row, number: seat.number });
  const chosen = plan.list.find((seat) => seat.id === selected && seat.state === "free") ?? null;
  const mine = plan.list.find((seat) => seat.state === "mine") ?? null;

  const pick = (seat: Seat) => {
    if (!requireLogin()) return;
    setProblem("");
    if (!plan.enrolled) {
      setProblem(t("seats.signUpFirst"));
      return;
    }
    setSelected(seat.id === selected ? null : seat.id);
  };

  const confirm = async () => {
    if (!chosen || busy) return;
    setBusy(true);
    const envelope = await callApi(eventCalls.chooseSeat, { specialId: Number(params.specialId), seatId: chosen.id });
    setBusy(false);
    if (isSuccess(envelope)) {
      showToast(envelope.message || t("seats.chosen", { seat: seatName(chosen) }), "success");
      setSelected(null);
      await refresh();
      return;
    }
    if (askedToLogIn(envelope)) return;
    setProblem(envelope.message || t("seats.failed"));
    setSelected(null);
    await refresh();
  };

  const title = asText(props.title);
  const subtitle = asText(props.subtitle);
  const hint = !user ? t("seats.loginHint") : !plan.enrolled ? t("seats.signUpFirst") : mine ? t("seats.yours", { seat: seatName(mine) }) : t("seats.pickHint");

  return (
    <section className={`seat-map ${paletteClass(props.palette)}`}>
      {title && <h2 className="event-section-title">{title}</h2>}
      {subtitle && <p className="event-section-subtitle">{subtitle}</p>}
      <ul className="seat-legend" aria-hidden="true">
        {(["free", "selected", "mine", "taken", "reserved"] as const).map((state) => (
          <li key={state}>
            <span className={`seat-swatch state-${state}`} />
            {t(`seats.states.${state}`)}
          </li>
        ))}
      </ul>
      <div className="seat-stage">{asText(props.stageLabel) || t("seats.stage")}</div>
      <div className="seat-rows" role="group" aria-label={title || t("seats.title")} data-essential-layout>
        {plan.rows.map((row) => (
          <div key={row} className="seat-row">
            <span className="seat-row-label" aria-hidden="true">
              {row}
            </span>
            {rowSeats(plan, row).map((seat, index) =>
              seat === "aisle" ? (
                <span key={`aisle-${index}`} className="seat-aisle" />
              ) : (
                <button
                  key={seat.id}
                  type="button"
                  className={`seat state-${seat.state}${seat.id === chosen?.id ? " selected" : ""}`}
                  data-seat={`${seat.row}${seat.number}`}
                  data-state={seat.state}
                  aria-pressed={seat.id === chosen?.id}
                  aria-label={`${seatName(seat)} ${t(`seats.states.${seat.state}`)}`}
                  disabled={seat.state !== "free" || busy}
                  onClick={() => pick(seat)}
                >
                  {seat.number}
                </button>
              ),
            )}
            <span className="seat-row-label" aria-hidden="true">
              {row}
            </span>
          </div>
        ))}
      </div>
      <p className="seat-summary">{t("seats.freeCount", { count: plan.free })}</p>
      {problem ? (
        <p className="seat-problem" role="alert">
          {problem}
        </p>
      ) : (
        <p className="seat-hint">{hint}</p>
      )}
      {chosen && (
        <div className="seat-confirm">
          <span>{t("seats.selected", { seat: seatName(chosen) })}</span>
          <button type="button" className="button seat-confirm-button" disabled={busy} onClick={() => void confirm()}>
            {busy ? t("seats.confirming") : mine ? t("seats.change") : t("seats.confirm")}
          </button>
        </div>
      )}
    </section>
  );
}

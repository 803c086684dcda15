import { useTranslation } from "react-i18next";
import { AgendaSection } from "./AgendaSection";
import { DetailsSection } from "./DetailsSection";
import { GuestsSection } from "./GuestsSection";
import { SignUpSection } from "./SignUpSection";
import { useEvent, type EventPart, type SaveOutcome } from "./use-event";

/** What a save of one part of the event answered, shown under that part. */
export function SaveOutcomeNote({ outcome, part }: { outcome: SaveOutcome | null; part: EventPart }) {
  if (outcome?.part !== part) return null;
  return (
    <div className={outcome.kind === "error" ? "ops-form-error" : "ops-done"} role={outcome.kind === "error" ? "alert" : "status"}>
      <p>{outcome.message}</p>
      {outcome.problems.length > 0 && (
        <ul>
          {outcome.problems.map((problem) => (
            <li key={`${problem.pointer} ${problem.message}`}>{problem.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The event a page signs people up for, beside the page (ADR 071): the sign-up, the guests and the agenda, each
 * saved on its own to the platform. A publisher changes them (they change the live event at once); an editor reads.
 */
export default function EventPanel({ specialId, canChange }: { specialId: number; canChange: boolean }) {
  const { t } = useTranslation("opsEditor");
  const { event, loadError, outcome, saving, save } = useEvent(specialId);
  if (loadError)
    return (
      <p className="ops-form-error" role="alert">
        {loadError}
      </p>
    );
  if (!event) return <p className="ops-muted">{t("event.loading")}</p>;
  const title = `${event.event.title} · ${event.event.titleEn}`;
  return (
    <div className="ops-event">
      <p className="ops-muted">
        {t("event.intro", { title, id: event.event.id })} {canChange ? t("event.changesAtOnce") : t("event.publisherOnly")}
      </p>
      <DetailsSection event={event.event} canChange={canChange} saving={saving === "details"} onSave={(value) => save("details", value)}>
        <SaveOutcomeNote outcome={outcome} part="details" />
      </DetailsSection>
      <SignUpSection event={event} canChange={canChange} saving={saving === "signUp"} onSave={(value) => save("signUp", value)}>
        <SaveOutcomeNote outcome={outcome} part="signUp" />
      </SignUpSection>
      <GuestsSection guests={event.guests} canChange={canChange} saving={saving === "guests"} onSave={(value) => save("guests", value)}>
        <SaveOutcomeNote outcome={outcome} part="guests" />
      </GuestsSection>
      <AgendaSection agenda={event.agenda} canChange={canChange} saving={saving === "agenda"} onSave={(value) => save("agenda", value)}>
        <SaveOutcomeNote outcome={outcome} part="agenda" />
      </AgendaSection>
    </div>
  );
}

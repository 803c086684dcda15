import { useTranslation } from "react-i18next";
import type { GuestListProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, fieldAt, fields, readPath, useLang, type WidgetDataReads, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { Art } from "../parts/art";

type Guest = Record<string, unknown>;

const ROLES = new Set(["speaker", "host", "guest"]);

/** The first character of a name (a Chinese surname, an English initial) stands in for a missing portrait. */
function initial(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? "";
}

/** Of its source: each guest's fields shown below. */
export const dataReads: WidgetDataReads<GuestListProps> = (props) => ({
  data: fieldAt(props.listField, fields("id", "authorName", "orgName", "role", "portraitUrl", "link")),
});

/** Guests (spec §3: authorName, orgName and their En siblings); a guest with a scholar profile links to it. */
export default function GuestList({ props, data }: WidgetRenderProps<GuestListProps>) {
  const { t } = useTranslation("live");
  const lang = useLang();
  const value = data?.status === "ok" ? data.value : null;
  const list = readPath(value, props.listField.split("."));
  const guests = Array.isArray(list) ? (list as Guest[]) : [];
  const title = asText(props.title);
  const showRoles = props.showRoles;

  return (
    <section className="guest-list">
      {title && <h2 className="section-title">{title}</h2>}
      {guests.length === 0 ? (
        <StateNotice kind="empty" className="guest-empty" text={asText(props.emptyText) || t("guests.empty")} />
      ) : (
        <ul className="guest-items">
          {guests.map((guest, index) => {
            const name = asText(readPath(guest, ["authorName"], lang));
            const org = asText(readPath(guest, ["orgName"], lang));
            const role = asText(guest.role);
            const portrait = asText(guest.portraitUrl);
            return (
              <li key={asText(guest.id) || index} className="guest-item">
                <SmartLink to={asText(guest.link)} className="guest-link">
                  <span className="guest-avatar" aria-hidden="true">
                    {portrait ? <Art src={portrait} alt="" shape="portrait" placement="below" /> : initial(name)}
                  </span>
                  <span className="guest-body">
                    <span className="guest-name">
                      {name}
                      {showRoles && ROLES.has(role) && <span className={`guest-role role-${role}`}>{t(`guests.roles.${role}`)}</span>}
                    </span>
                    {org && <span className="guest-org">{org}</span>}
                  </span>
                </SmartLink>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

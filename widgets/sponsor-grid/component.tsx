import { useTranslation } from "react-i18next";
import type { SponsorGridProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, readPath, useLang } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { paletteClass } from "../parts/event-palette";

/** Tiers in the order an event's credits read: who hosts it first, the press last. */
export const TIERS = ["host", "coHost", "sponsor", "media"] as const;

interface Partner {
  key: string;
  tier: string;
  name: string;
  link: string;
}

/** A partner's mark without a logo: its first character, or the initials of an English name's words. */
function mark(name: string): string {
  const words = name
    .replace(/[^A-Za-z\s]/g, " ")
    .trim()
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word));
  if (/^[A-Za-z]/.test(name.trim()) && words.length > 1)
    return words
      .slice(0, 3)
      .map((word) => word[0])
      .join("");
  return Array.from(name.replace(/^《/, "").trim())[0] ?? "";
}

/** An event's hosts, co-hosts, sponsors and media partners, grouped by tier. */
export default function SponsorGrid({ props, data }: WidgetRenderProps<SponsorGridProps>) {
  const { t } = useTranslation("spec");
  const lang = useLang();
  let partners: Partner[];
  if (props.items) {
    partners = props.items.map((item, index) => ({ key: String(index), tier: item.tier, name: asText(item.name), link: asText(item.link) }));
  } else {
    const value = data?.status === "ok" ? data.value : null;
    const list = readPath(value, props.listField.split("."));
    partners = (Array.isArray(list) ? (list as Record<string, unknown>[]) : []).map((row, index) => ({
      key: asText(row.id) || String(index),
      tier: asText(row.tier),
      name: asText(readPath(row, ["name"], lang)),
      link: asText(row.link),
    }));
  }
  const groups = TIERS.map((tier) => ({ tier, partners: partners.filter((partner) => partner.tier === tier && partner.name) })).filter(
    (group) => group.partners.length,
  );
  if (groups.length === 0) return null;
  const title = asText(props.title);

  return (
    <section className={`sponsor-grid ${paletteClass(props.palette)}`}>
      {title && <h2 className="event-section-title">{title}</h2>}
      {groups.map((group) => (
        <div key={group.tier} className="sponsor-tier" data-tier={group.tier}>
          <h3 className="sponsor-tier-name">{t(`sponsors.tiers.${group.tier}`)}</h3>
          <ul className={group.tier === "host" ? "sponsor-items wide" : "sponsor-items"}>
            {group.partners.map((partner) => (
              <li key={partner.key}>
                <SmartLink to={partner.link} className="sponsor-tile">
                  <span className="sponsor-mark" aria-hidden="true">
                    {mark(partner.name)}
                  </span>
                  <span className="sponsor-name">{partner.name}</span>
                </SmartLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

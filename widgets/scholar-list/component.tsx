import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScholarListProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, fields, readPath, useLang, type WidgetDataReads, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { Link, SmartLink } from "../kit/links";
import { formatCount } from "../kit/format";
import { LoadMoreFooter, usePagedList } from "../parts/paged-list";
import { FollowButton, ScholarAvatar, VerifiedMark } from "../parts/scholar-parts";

/** The fields the list, its avatars and follow buttons read of each scholar. */
export const dataReads: WidgetDataReads<ScholarListProps> = () => ({
  data: { list: fields("authorCode", "followed", "followerCount", "link", "portraitUrl", "authorName", "orgName", "researchField", "verified"), total: true },
});

export default function ScholarList({ props, data, nodeId, sourceName }: WidgetRenderProps<ScholarListProps>) {
  const { t } = useTranslation("person");
  const lang = useLang();
  const list = usePagedList({ data, nodeId, sourceName, paged: props.paged });
  /** Follow changes made here, by author code, over what the source said. */
  const [changes, setChanges] = useState<Record<string, boolean>>({});
  const variant = props.variant;
  const title = asText(props.title);

  return (
    <section className={`scholar-list scholars-${variant}`}>
      {(title || props.moreLink) && (
        <header className="section-header">
          {title && <h2 className="section-title">{title}</h2>}
          {props.moreLink && (
            <SmartLink to={props.moreLink} className="section-more">
              {t("common:widget.more")}
            </SmartLink>
          )}
        </header>
      )}
      {list.items.length === 0 ? (
        <StateNotice kind="empty" className="list-empty" text={asText(props.emptyText)} />
      ) : (
        <ul className="scholar-items">
          {list.items.map((scholar) => {
            const code = asText(scholar.authorCode);
            const followed = changes[code] ?? scholar.followed === true;
            const followers = (Number(scholar.followerCount) || 0) + (code in changes ? Number(changes[code]) - Number(scholar.followed === true) : 0);
            return (
              <li key={code} className="scholar-item">
                <Link to={asText(scholar.link)} className="scholar-link">
                  <ScholarAvatar scholar={scholar} size={variant === "cards" ? 56 : 44} lang={lang} />
                  <div className="scholar-text">
                    <p className="scholar-name">
                      <strong>{asText(readPath(scholar, ["authorName"], lang))}</strong> <VerifiedMark verified={scholar.verified === true} />
                    </p>
                    <p className="scholar-org">{asText(readPath(scholar, ["orgName"], lang))}</p>
                    <p className="scholar-field">
                      {asText(readPath(scholar, ["researchField"], lang))} · {formatCount(followers, lang)} {t("followers")}
                    </p>
                  </div>
                </Link>
                <FollowButton authorCode={code} followed={followed} onChange={(next) => setChanges((current) => ({ ...current, [code]: next }))} />
              </li>
            );
          })}
        </ul>
      )}
      {props.paged && <LoadMoreFooter list={list} />}
    </section>
  );
}

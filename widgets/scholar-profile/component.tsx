import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ScholarProfileProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, readPath, useLang } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { formatCount } from "../kit/format";
import type { Item } from "../parts/paged-list";
import { FollowButton, ScholarAvatar, VerifiedMark } from "../parts/scholar-parts";

/** One scholar's profile; another scholar (same page, new authorCode) starts afresh. */
export default function ScholarProfile(render: WidgetRenderProps<ScholarProfileProps>) {
  const scholar = (render.props.scholar ?? {}) as unknown as Item;
  return <Profile key={asText(scholar.authorCode)} scholar={scholar} />;
}

function Profile({ scholar }: { scholar: Item }) {
  const { t } = useTranslation("person");
  const lang = useLang();
  const [followed, setFollowed] = useState(scholar.followed === true);
  const followers = (Number(scholar.followerCount) || 0) + Number(followed) - Number(scholar.followed === true);
  const text = (field: string) => asText(readPath(scholar, [field], lang));

  return (
    <section className="scholar-profile">
      <div className="profile-head">
        <ScholarAvatar scholar={scholar} size={72} lang={lang} />
        <div className="profile-titles">
          <h1 className="profile-name">
            {text("authorName")} <VerifiedMark verified={scholar.verified === true} />
          </h1>
          <p className="profile-org">{text("orgName")}</p>
        </div>
      </div>
      <dl className="profile-facts">
        <div>
          <dt>{t("field")}</dt>
          <dd>{text("researchField")}</dd>
        </div>
        <div>
          <dt>{t("followers")}</dt>
          <dd className="profile-followers">{formatCount(followers, lang)}</dd>
        </div>
      </dl>
      <FollowButton authorCode={asText(scholar.authorCode)} followed={followed} onChange={setFollowed} />
      {text("introduction") && (
        <div className="profile-intro">
          <h2>{t("intro")}</h2>
          <p>{text("introduction")}</p>
        </div>
      )}
    </section>
  );
}

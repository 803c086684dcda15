import { useState } from "react";
import { Art } from "../parts/art";
import { useTranslation } from "react-i18next";
import type { BlackListProps } from "@schemas/generated/page-config";
import "./black-list.css";
import { useLang, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, isSuccess } from "../kit/api";
import { socialCalls } from "../kit/calls/social";
import { askedToLogIn, showToast } from "../kit/session";
import { formatMoment } from "../kit/format";
import { SmartLink } from "../kit/links";
import { LoadMoreFooter, usePagedList } from "../parts/paged-list";
import { userHomeLink } from "../parts/circle-parts";
import type { UserBlackListAnswer } from "../kit/contracts";

type Blocked = UserBlackListAnswer["list"][number];

/** The viewer's blacklist (spec §6): whom they blocked and since when; unblocking takes a person off at once. */
export default function BlackList({ data, nodeId, sourceName }: WidgetRenderProps<BlackListProps>) {
  const { t } = useTranslation("personCenter");
  const lang = useLang();
  const list = usePagedList({ data, nodeId, sourceName, paged: true });
  const [unblocked, setUnblocked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<number | null>(null);
  const people = (list.items as unknown as Blocked[]).filter((person) => !unblocked.has(person.userId));

  const unblock = async (person: Blocked) => {
    setBusy(person.userId);
    const answer = await callApi(socialCalls.unblock, { userId: person.userId });
    setBusy(null);
    if (askedToLogIn(answer)) return;
    if (!isSuccess(answer)) {
      showToast(answer.message || t("common:actions.failed"), "error");
      return;
    }
    setUnblocked((current) => new Set(current).add(person.userId));
    showToast(t("blackList.unblocked", { name: person.userName }), "success");
  };

  return (
    <section className="black-list" data-testid="black-list">
      <p className="black-list-rule">{t("blackList.rule")}</p>
      {people.length === 0 ? (
        <StateNotice kind="empty" className="list-empty" text={t("blackList.empty")} />
      ) : (
        <ul className="black-list-people">
          {people.map((person) => (
            <li key={person.userId} className="black-list-person" data-testid="blocked-person">
              <SmartLink to={userHomeLink(person.userId)} className="black-list-who">
                <Art src={person.portraitUrl || "/avatar.svg"} alt="" shape="portrait" box={{ width: 40, height: 40 }} placement="below" />
                <span>
                  <strong>{person.userName}</strong>
                  <small>{t("blackList.since", { time: formatMoment(person.createTime, lang) })}</small>
                </span>
              </SmartLink>
              <button type="button" className="button" disabled={busy === person.userId} onClick={() => void unblock(person)}>
                {t("blackList.unblock")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreFooter list={list} />
    </section>
  );
}

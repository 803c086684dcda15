import { useState } from "react";
import { Art } from "../parts/art";
import { useTranslation } from "react-i18next";
import type { CollectListProps } from "@schemas/generated/page-config";
import "./collect-list.css";
import { asText, refreshPageData, useLang, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, isSuccess } from "../kit/api";
import { socialCalls } from "../kit/calls/social";
import { showToast } from "../kit/session";
import { LoadMoreFooter, usePagedList } from "../parts/paged-list";
import { SmartLink } from "../kit/links";

interface Collected {
  id: number;
  kind: string;
  title: string;
  titleEn: string;
  cover: string;
  link: string;
}

/** What the viewer collected: each opens its page; "remove" uncollects it (the same toggle as on the page). */
export default function CollectList({ props, data, nodeId, sourceName }: WidgetRenderProps<CollectListProps>) {
  const { t } = useTranslation("order");
  const lang = useLang();
  const list = usePagedList({ data, nodeId, sourceName, paged: true });
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const items = (list.items as unknown as Collected[]).filter((item) => !removed.has(item.id));

  const remove = async (item: Collected) => {
    const answer = await callApi(socialCalls.collect, { id: item.id });
    if (!isSuccess(answer)) {
      showToast(answer.message ?? "", "error");
      return;
    }
    setRemoved((current) => new Set(current).add(item.id));
    showToast(t("collect.removed"), "success");
    void refreshPageData();
  };

  if (!items.length) return <StateNotice kind="empty" className="collect-empty" text={asText(props.emptyText)} />;
  return (
    <>
      <ul className="collect-list">
        {items.map((item) => (
          <li key={item.id} className="collect-row">
            <SmartLink to={item.link} className="collect-link">
              {item.cover && <Art src={item.cover} alt="" shape="poster" span="thumb" box={{ width: 96, height: 54 }} placement="below" />}
              <span>
                <small className="collect-kind">{t(`collect.kind.${item.kind}`, { defaultValue: item.kind })}</small>
                <strong>{lang === "en" ? item.titleEn || item.title : item.title}</strong>
              </span>
            </SmartLink>
            <button type="button" className="collect-remove" onClick={() => void remove(item)}>
              {t("collect.remove")}
            </button>
          </li>
        ))}
      </ul>
      <LoadMoreFooter list={list} />
    </>
  );
}

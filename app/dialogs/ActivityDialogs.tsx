import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { revalidatePageData } from "~/renderer/use-page-data";
import type { Promotion, TaskResult } from "~/account/flows";
import { externalUrl, internalPath } from "~/routing/navigation";
import type { DialogProps } from "./dialog-props";
import { DialogActions } from "./parts";
import { ADDRESS_LIST_PAGE } from "~/account/flows";

/** Spec §9: the task toast closes after 3 s. */
export const TASK_TOAST_MS = 3000;
/** Task modules whose completion changes the welfare centre's task list (spec §4). */
const TASK_LIST_MODULES = new Set([20, 21]);

/** The task-completion toast (spec §4): 3 s, then module 3 reloads and modules 20 and 21 refresh the task list. */
export function TaskToastDialog({ data, close }: DialogProps) {
  const { t } = useTranslation();
  const task = data as TaskResult;
  useEffect(() => {
    const timer = setTimeout(() => {
      close();
      if (task.moduleId === 3) window.location.reload();
      else if (TASK_LIST_MODULES.has(task.moduleId)) void revalidatePageData();
    }, TASK_TOAST_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="account-dialog task-toast" data-module={task.moduleId}>
      <h2 id="dialog-title">{t("verify:task.title")}</h2>
      <p className="task-points">{t("verify:task.points", { integral: task.integral })}</p>
      <p>{task.taskName}</p>
    </div>
  );
}

/**
 * The first-visit promotion and the one-picture popup (spec §3): a picture that leads on. jumpType 1 opens an
 * external http(s) URL in a new tab (any other scheme is refused), 2 an internal page.
 */
export function PromotionDialog({ data, close }: DialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const promotion = data as Promotion;
  const external = promotion.jumpType === 1 ? externalUrl(promotion.url) : null;
  const internal = promotion.jumpType === 2 ? internalPath(promotion.modulePathWeb, promotion.moduleQueryWeb) : null;
  // A promotion's picture is a banner (2:1): its box is reserved at that ratio, so the open dialog does not grow when it arrives.
  const picture = <img src={promotion.h5Image} alt={t("verify:promotion.alt")} className="promotion-image" width={720} height={360} />;
  return (
    <div className="promotion" data-jump={promotion.jumpType}>
      <h2 id="dialog-title" className="visually-hidden">
        {t("verify:promotion.alt")}
      </h2>
      {external ? (
        <a href={external} target="_blank" rel="noopener noreferrer" onClick={close}>
          {picture}
        </a>
      ) : internal ? (
        <button
          type="button"
          className="promotion-link"
          onClick={() => {
            close();
            void navigate(internal);
          }}
        >
          {picture}
        </button>
      ) : (
        picture
      )}
    </div>
  );
}

/** Spec §4: a VIP member with interest 8 and no bound address is asked once a day to bind one. */
export function VipAddressDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="account-dialog">
      <h2 id="dialog-title">{t("verify:vipAddress.title")}</h2>
      <p>{t("verify:vipAddress.text")}</p>
      <DialogActions>
        <button type="button" className="button" onClick={close}>
          {t("verify:common.later")}
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            close();
            void navigate(ADDRESS_LIST_PAGE);
          }}
        >
          {t("verify:vipAddress.bind")}
        </button>
      </DialogActions>
    </div>
  );
}

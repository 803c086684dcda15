import { useTranslation } from "react-i18next";
import type { TaskListProps } from "@schemas/generated/page-config";
import "./task-list.css";
import { asText, revalidatePageData, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";
import { openDialog } from "../kit/session";
import { checkTask } from "../kit/account";
import type { IntegralTaskTaskListAnswer } from "../kit/contracts";

type Task = IntegralTaskTaskListAnswer["tasks"][number];

/** The task "bind your phone": done where a phone is bound (the bind dialog, or registering with a phone). */
const BIND_PHONE_TASK = 3;

/**
 * Binding a phone is done in the bind dialog, not on a page: a person without a phone opens it; a person who has one
 * (registered with it, so no bind ever ran) claims the reward, which the platform grants only for a bound phone.
 */
function BindPhoneAction({ label }: { label: { bind: string; claim: string } }) {
  const bound = Boolean(useViewer()?.isBindPhone);
  const claim = () => void checkTask(BIND_PHONE_TASK).then(() => revalidatePageData());
  return (
    <button type="button" className="button button-light" onClick={bound ? claim : () => openDialog("bindPhone", "needBind")}>
      {bound ? label.claim : label.bind}
    </button>
  );
}

/** Tasks with their reward and progress; the platform counts the steps wherever in the product they happen. */
export default function TaskList({ props, data }: WidgetRenderProps<TaskListProps>) {
  const { t } = useTranslation("points");
  const tasks = data?.status === "ok" ? ((data.value as { tasks?: Task[] } | null)?.tasks ?? []) : [];
  if (!tasks.length) return null;
  return (
    <section className="task-list">
      <h2 className="section-title">{asText(props.title) || t("tasks.title")}</h2>
      <ul>
        {tasks.map((task) => {
          const progress = t("tasks.progress", { progress: task.progress, target: task.target });
          return (
            <li key={task.moduleId} className={`task${task.done ? " task-done" : ""}`} data-module={task.moduleId}>
              <div className="task-body">
                <h3>
                  {task.title} <span className="task-period">{t(`tasks.${task.period}`)}</span>
                </h3>
                <p>{task.description}</p>
                <meter min={0} max={task.target} value={task.progress} aria-label={progress} />
              </div>
              <div className="task-side">
                <strong>+{task.integral}</strong>
                <small>{progress}</small>
                {task.done ? (
                  <span className="task-state">{t("tasks.done")}</span>
                ) : task.moduleId === BIND_PHONE_TASK ? (
                  <BindPhoneAction label={{ bind: t("tasks.bind"), claim: t("tasks.claim") }} />
                ) : (
                  <SmartLink to={task.link} className="button button-light">
                    {t("tasks.go")}
                  </SmartLink>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

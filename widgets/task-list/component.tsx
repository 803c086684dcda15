import { useTranslation } from "react-i18next";
import type { TaskListProps } from "@schemas/generated/page-config";
import "./task-list.css";
import { asText } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { SmartLink } from "../kit/links";

interface Task {
  moduleId: number;
  title: string;
  description: string;
  integral: number;
  period: "once" | "daily";
  target: number;
  progress: number;
  done: boolean;
  link: string;
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

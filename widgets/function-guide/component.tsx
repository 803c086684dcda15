import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FunctionGuideProps } from "@schemas/generated/page-config";
import "./function-guide.css";
import { useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi } from "../kit/api";
import { pointCalls } from "../kit/calls/point";
import type { FunctionGuideListAnswer } from "../kit/contracts";

type Guide = FunctionGuideListAnswer;

export default function FunctionGuide({ props }: WidgetRenderProps<FunctionGuideProps>) {
  const { t } = useTranslation("points");
  const viewer = useViewer();
  const [guide, setGuide] = useState<Guide | null>(null);
  useEffect(() => {
    if (viewer) void callApi(pointCalls.guide, { module: props.module }).then((answer) => setGuide(answer.data ?? null));
  }, [viewer?.id, props.module]);
  if (!guide || guide.read) return null;

  const done = () => {
    setGuide({ ...guide, read: true });
    void callApi(pointCalls.guideRead, { module: props.module });
  };
  return (
    <section className="function-guide" aria-labelledby="function-guide-title">
      <h2 id="function-guide-title">{t("guide.title")}</h2>
      <ol>
        {guide.steps.map((step) => (
          <li key={step.title}>
            <strong>{step.title}</strong>
            <span>{step.text}</span>
          </li>
        ))}
      </ol>
      <button type="button" className="button button-primary" onClick={done}>
        {t("guide.ok")}
      </button>
    </section>
  );
}

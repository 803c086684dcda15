import { useTranslation } from "react-i18next";
import type { LessonViewProps } from "@schemas/generated/page-config";
import "./lesson-view.css";
import { useLang } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { formatFen } from "../kit/format";
import { SmartLink } from "../kit/links";
import { type Lesson, LessonList } from "../parts/shop-parts";

interface LessonAnswer extends Lesson {
  course: { id: number; title: string; titleEn: string; productId: number; priceFen: number };
  lessons: Lesson[];
  videoUrl?: string | null;
  body?: string;
  bodyEn?: string;
}

/** A lesson: its video or its notes; a locked one says why and offers the course; the course's lessons below. */
export default function LessonView({ props, data }: WidgetRenderProps<LessonViewProps>) {
  const { t } = useTranslation("order");
  const lang = useLang();
  if (data?.status !== "ok" || !data.value) return null;
  const lesson = data.value as LessonAnswer;
  const en = lang === "en";
  const courseTitle = en ? lesson.course.titleEn : lesson.course.title;
  const body = en ? lesson.bodyEn : lesson.body;
  const next = lesson.lessons.find((entry) => entry.position === lesson.position + 1);
  return (
    <article className="lesson-view">
      {lesson.locked ? (
        <div className="lesson-locked">
          <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
            <path d="M6 11h12v9H6z M9 11V8a3 3 0 0 1 6 0v3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          </svg>
          <h2>{t("lesson.lockedTitle")}</h2>
          <p>{t("lesson.lockedText", { course: courseTitle })}</p>
          <SmartLink to={`${props.confirmLink}?id=${lesson.course.id}`} className="button button-primary">
            {t("lesson.buy", { price: formatFen(lesson.course.priceFen) })}
          </SmartLink>
        </div>
      ) : lesson.kind === "video" && lesson.videoUrl ? (
        // biome-ignore lint/a11y/useMediaCaption: the seeded lessons are a test pattern with a tone, nothing spoken to caption
        <video className="lesson-video-player" src={lesson.videoUrl} controls playsInline preload="metadata" width="640" height="360" />
      ) : (
        <div className="lesson-notes">
          {(body ?? "").split("\n").map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      )}
      <header className="lesson-head">
        <h1>{en ? lesson.titleEn : lesson.title}</h1>
        <SmartLink to={`${props.courseLink}?id=${lesson.course.id}`} className="lesson-course">
          {t("lesson.back")} · {courseTitle}
        </SmartLink>
        {next && !lesson.locked && (
          <SmartLink to={next.link} className="button lesson-next">
            {t("lesson.next")}
          </SmartLink>
        )}
      </header>
      <section className="lesson-others">
        <h2>{t("product.lessons")}</h2>
        <LessonList lessons={lesson.lessons} currentId={lesson.id} />
      </section>
    </article>
  );
}

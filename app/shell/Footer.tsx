import { useEffect, useState } from "react";
import { Link } from "~/routing/link";
import { useTranslation } from "react-i18next";
import { openDialog } from "~/stores/dialogs";

const SLIDES = [
  { image: "/qr/wechat.svg", label: "footer.qrWechat" },
  { image: "/qr/weibo.svg", label: "footer.qrWeibo" },
  { image: "/qr/app.svg", label: "footer.qrApp" },
] as const;

export function Footer() {
  const { t } = useTranslation("common");
  const [slide, setSlide] = useState(0);

  // Restarted on every change of slide, so a slide chosen with a dot stays a full interval before the next one.
  useEffect(() => {
    const timer = setTimeout(() => setSlide((current) => (current + 1) % SLIDES.length), 3000);
    return () => clearTimeout(timer);
  }, [slide]);

  return (
    <footer className="site-footer">
      <div className="footer-links">
        <a href={`tel:${t("footer.servicePhone")}`} className="footer-service">
          <strong>{t("footer.service")}</strong> {t("footer.servicePhone")}
          <small>{t("footer.serviceHours")}</small>
        </a>
        <button type="button" onClick={() => openDialog("feedback")}>
          {t("footer.feedback")}
        </button>
        <Link to="/program">{t("footer.solutions")}</Link>
        <Link to="/about">{t("footer.about")}</Link>
        <Link to="/privacy">{t("footer.privacy")}</Link>
        <Link to="/agreement">{t("footer.agreement")}</Link>
      </div>
      <div className="follow-us" role="group" aria-roledescription="carousel">
        <p>{t("footer.followUs")}</p>
        <div className="qr-track" data-slide={slide}>
          {SLIDES.map((entry, index) => (
            <figure key={entry.image} className="qr-slide" aria-hidden={index !== slide}>
              <img src={entry.image} alt={t(entry.label)} width="96" height="96" loading="lazy" />
              <figcaption>{t(entry.label)}</figcaption>
            </figure>
          ))}
        </div>
        <div className="qr-dots">
          {SLIDES.map((entry, index) => (
            <button
              key={entry.image}
              type="button"
              aria-label={t(entry.label)}
              aria-current={index === slide}
              className={index === slide ? "dot active" : "dot"}
              onClick={() => setSlide(index)}
            />
          ))}
        </div>
        <small>{t("footer.qrHint")}</small>
      </div>
      <p className="copyright">{t("footer.copyright")}</p>
    </footer>
  );
}

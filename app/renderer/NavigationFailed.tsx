import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRevalidator } from "react-router";
import { Link } from "~/routing/link";
import { NOT_FOUND_CODE, noticeKindOf, StateNotice, useOnline } from "./StateNotice";

/**
 * A page whose data could not be loaded at all (the loader failed, or the network went between pages), shown in the
 * shell under its header like any page: what happened in the person's words, a retry that loads the page again, and
 * the way home. Back online, it retries by itself.
 */
export function NavigationFailed({ error }: { error: unknown }) {
  const { t } = useTranslation("common");
  const online = useOnline();
  const revalidator = useRevalidator();
  const wasOnline = useRef(online);
  // A fetch that never reached the server fails with a TypeError: the network, whatever navigator.onLine believes.
  const unreachable = error instanceof TypeError;
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  const kind = noticeKindOf({ code: status === NOT_FOUND_CODE ? NOT_FOUND_CODE : undefined }, online && !unreachable);

  useEffect(() => {
    if (online && !wasOnline.current) void revalidator.revalidate();
    wasOnline.current = online;
  }, [online, revalidator]);

  return (
    <section className="notice-page" role="alert" data-navigation-failed={kind}>
      <StateNotice
        kind={kind}
        title={t(`state.${kind}Title`)}
        retry={kind === "notFound" ? undefined : { onRetry: () => void revalidator.revalidate(), retrying: revalidator.state === "loading" }}
        action={
          <Link className="button button-primary" to="/home">
            {t("nav.backHome")}
          </Link>
        }
      />
    </section>
  );
}

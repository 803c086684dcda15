import { useEffect, useState } from "react";
import { useStore } from "@nanostores/react";
import { useTranslation } from "react-i18next";
import { $user } from "~/stores/session";
import { $unread, followMessages } from "~/stores/messages";
import { loadNamespaces } from "~/i18n/browser-i18n";
import "./unread-badge.css";

/**
 * The header's count of unread notices and messages (ADR 063), live over the message socket while signed in. Its
 * words are the message centre's (`messages`), fetched the first time there is something unread.
 */
export function UnreadBadge() {
  const user = useStore($user);
  const unread = useStore($unread);
  const [wordsLoaded, setWordsLoaded] = useState(false);
  useEffect(() => followMessages(Boolean(user)), [user]);
  useEffect(() => {
    if (unread > 0 && !wordsLoaded) void loadNamespaces(["messages"]).then(() => setWordsLoaded(true));
  }, [unread, wordsLoaded]);
  if (!unread || !wordsLoaded) return null;
  return <Count unread={unread} />;
}

function Count({ unread }: { unread: number }) {
  const { t } = useTranslation("messages");
  return (
    <span className="unread-badge" data-testid="unread-badge" data-count={unread}>
      <span aria-hidden="true">{unread > 99 ? "99+" : unread}</span>
      <span className="unread-badge-words">{t("unread", { count: unread })}</span>
    </span>
  );
}

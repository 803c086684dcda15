import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "@nanostores/react";
import type { Lang } from "../kit/page";
import { callApi, isSuccess } from "../kit/api";
import { messageCalls } from "../kit/calls/message";
import { formatMoment } from "../kit/format";
import { Link } from "../kit/links";
import { $arrived, $unread, type ImChannel, type ImMessage } from "../kit/session";
import { StateNotice } from "../kit/page";

/** A message's line in a list: a notice's title, else its text (a picture's word when it is only a picture). */
export function summary(message: ImMessage, lang: Lang, pictureWord: string): string {
  if (message.from === "notice") return (lang === "en" && message.titleEn) || message.title || "";
  return message.text || pictureWord;
}

/** The channels, newest first, each with its unread count; "mark all read" clears every count at once. */
export function ChannelList({ lang }: { lang: Lang }) {
  const { t } = useTranslation("messages");
  const [channels, setChannels] = useState<ImChannel[] | null>(null);
  const [failed, setFailed] = useState(false);
  const unread = useStore($unread);
  const arrived = useStore($arrived);

  const load = useCallback(async () => {
    const answer = await callApi(messageCalls.channels);
    setFailed(!isSuccess(answer));
    if (isSuccess(answer) && answer.data) {
      setChannels(answer.data.list);
      $unread.set(answer.data.unread);
    }
  }, []);
  // A new arrival is why the list is asked for again.
  useEffect(() => {
    if (arrived !== undefined) void load();
  }, [load, arrived]);

  const readAll = async () => {
    const answer = await callApi(messageCalls.readAll);
    if (!isSuccess(answer)) return;
    $unread.set(0);
    setChannels((current) => current?.map((channel) => ({ ...channel, unread: 0 })) ?? null);
  };

  if (failed)
    return (
      <div className="message-failed" role="alert">
        <p>{t("loadFailed")}</p>
        <button type="button" className="button" onClick={() => void load()}>
          {t("retry")}
        </button>
      </div>
    );
  if (!channels) return null;
  const shown = channels.filter((channel) => channel.kind === "direct" || channel.last);
  return (
    <div className="message-channels">
      <div className="message-toolbar">
        <span>{unread > 0 ? t("unreadCount", { count: unread }) : ""}</span>
        <button type="button" className="button" disabled={unread === 0} onClick={() => void readAll()}>
          {t("readAll")}
        </button>
      </div>
      {shown.length === 0 && <StateNotice kind="empty" className="message-empty" text={t("noChannels")} />}
      <ul>
        {shown.map((channel) => (
          <li key={channel.channelId} data-channel={channel.channelId} data-unread={channel.unread}>
            <Link to={`/messageCenter?channel=${channel.channelId}`} className="message-channel">
              <img src={channel.peer?.portraitUrl || (channel.kind === "notices" ? "/favicon.svg" : "/avatar.svg")} alt="" width="40" height="40" />
              <span className="message-channel-main">
                <span className="message-channel-name">{channel.kind === "notices" ? t("notices") : channel.peer?.name}</span>
                <span className="message-channel-last">{channel.last ? summary(channel.last, lang, t("composer.imageAlt")) : ""}</span>
              </span>
              <span className="message-channel-side">
                {channel.last && <time dateTime={channel.last.createTime}>{formatMoment(channel.last.createTime, lang)}</time>}
                {channel.unread > 0 && <span className="message-count">{channel.unread}</span>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

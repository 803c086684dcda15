import type { MessageCentreProps } from "@schemas/generated/page-config";
import "./styles.css";
import { asText, useHydrated, useLang } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { ChannelList } from "./channel-list";
import { Conversation } from "./conversation";

/** The message centre (ADR 063): the list of channels, or one channel when the page names it. */
export default function MessageCentre({ props }: WidgetRenderProps<MessageCentreProps>) {
  const lang = useLang();
  const hydrated = useHydrated();
  const channel = asText(props.channel);
  // Everything here is the signed-in person's own, read in the browser.
  if (!hydrated) return <section className="message-centre" aria-busy="true" />;
  return (
    <section className="message-centre">
      {channel ? (
        <Conversation key={channel} channel={channel} lang={lang} blackListLink={asText(props.blackListLink) || "/blackList"} />
      ) : (
        <ChannelList lang={lang} />
      )}
    </section>
  );
}

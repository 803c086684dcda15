import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { createDwellClient, dwellPlace } from "~/realtime/dwell-connection";
import { browserClock } from "~/realtime/socket";
import { DWELL_SOCKET_PATH } from "@contracts/dwell";
import { readStorage, STORAGE_KEYS } from "~/browser/storage";
import { showToast } from "~/stores/dialogs";
import { $playbackFlag, $playStatus } from "~/stores/media";

/**
 * Starts the time-tracking socket (spec §4) once the device id exists, on every path but "/", and keeps one
 * socket for the whole visit: each heartbeat reports the page the viewer is on at that moment.
 */
export function DwellTime() {
  const location = useLocation();
  const { i18n } = useTranslation();
  const translate = useRef(i18n);
  translate.current = i18n;
  const where = useRef(location);
  where.current = location;
  const active = location.pathname !== "/";

  useEffect(() => {
    if (!active) return;
    if (typeof WebSocket === "undefined") {
      showToast(translate.current.t("common:websocket.unsupported"), "error");
      return;
    }
    const deviceId = readStorage(STORAGE_KEYS.deviceId);
    if (!deviceId) return;
    const place = () => dwellPlace(where.current.pathname, where.current.search);
    const client = createDwellClient({
      endpoint: `${window.location.protocol === "https:" ? "wss:" : "ws:"}//${window.location.host}${DWELL_SOCKET_PATH}`,
      createSocket: (url) => new WebSocket(url),
      clock: browserClock,
      connection: () => ({ ...place(), deviceId, linkNo: readStorage(STORAGE_KEYS.linkNo) ?? "" }),
      heartbeat: () => ({
        ...place(),
        fromPage: readStorage(STORAGE_KEYS.fromPage) ?? "",
        fromQuery: readStorage(STORAGE_KEYS.fromQuery) ?? "",
        status: $playStatus.get(),
        isPlayback: $playbackFlag.get(),
      }),
    });
    client.start();
    return () => client.stop();
  }, [active]);

  return null;
}

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PrizeListProps } from "@schemas/generated/page-config";
import "./prize-list.css";
import { refreshPageData, useLang, usePage, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { LoadMoreFooter, usePagedList } from "../parts/paged-list";
import { callApi, showFailure } from "../kit/api";
import { drawCalls } from "../kit/calls/draw";
import { orderCalls } from "../kit/calls/order";
import { showToast } from "../kit/session";
import { formatMoment } from "../kit/format";
import { encodeQueryText, SmartLink } from "../kit/links";
import { type Address, placeOf } from "../parts/shop-parts";
import type { LuckyDrawMyPrizesAnswer } from "../kit/contracts";

type ShippingAddress = NonNullable<WonPrize["address"]>;

export type WonPrize = LuckyDrawMyPrizesAnswer["list"][number];

/** What a won prize's state reads as: points and coupons are given with the draw; a physical prize waits for its address. */
export function statusKey(prize: Pick<WonPrize, "kind" | "status">): string {
  return prize.kind === "physical" ? prize.status : prize.kind;
}

/** Picks one of the viewer's addresses for a prize, or leads to the address form (which brings them back here). */
function AddressChooser({
  prize,
  addressLink,
  onClaimed,
  onCancel,
}: {
  prize: WonPrize;
  addressLink?: string;
  onClaimed: (address: ShippingAddress) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("draw");
  const page = usePage();
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(Number(page.view.query.addressId) || null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void callApi(orderCalls.addresses).then((answer) => {
      if (answer.code !== 200) return showFailure(answer);
      const list = answer.data ?? [];
      setAddresses(list);
      // The address the form just brought back, else the default one.
      setChosen((current) =>
        list.some((address) => address.id === current) ? current : (list.find((address) => address.isDefault)?.id ?? list[0]?.id ?? null),
      );
    });
  }, []);
  if (addresses === null) return null;
  const submit = async () => {
    if (!chosen) return;
    setBusy(true);
    const answer = await callApi(drawCalls.claimPrize, { resultId: prize.id, addressId: chosen });
    setBusy(false);
    if (answer.code !== 200 || !answer.data) return showFailure(answer);
    showToast(t("prizes.claimedToast"), "success");
    onClaimed(answer.data.address);
  };
  const back = encodeQueryText(page.view.path);
  return (
    <div className="prize-chooser">
      {addresses.length ? (
        <fieldset>
          <legend>{t("prizes.chooseAddress")}</legend>
          {addresses.map((address) => (
            <label key={address.id} className="prize-address">
              <input type="radio" name={`address-${prize.id}`} checked={chosen === address.id} onChange={() => setChosen(address.id)} />
              <span>
                <b>
                  {address.receiver} {address.phone}
                </b>
                <small>{placeOf(address)}</small>
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="prize-no-address">{t("prizes.noAddress")}</p>
      )}
      <div className="prize-chooser-actions">
        {addressLink && (
          <SmartLink to={`${addressLink}?prePage=${back}`} className="button button-light">
            {t("prizes.addAddress")}
          </SmartLink>
        )}
        <button type="button" className="button" onClick={onCancel}>
          {t("prizes.cancel")}
        </button>
        {addresses.length > 0 && (
          <button type="button" className="button button-primary" disabled={busy || !chosen} onClick={() => void submit()}>
            {t("prizes.submit")}
          </button>
        )}
      </div>
    </div>
  );
}

/** The viewer's prizes, newest first and paged; a physical prize without an address offers to give one. */
export default function PrizeList({ props, data, nodeId, sourceName }: WidgetRenderProps<PrizeListProps>) {
  const { t } = useTranslation("draw");
  const lang = useLang();
  const list = usePagedList({ data, nodeId, sourceName, paged: true });
  const [claimed, setClaimed] = useState<Map<number, ShippingAddress>>(new Map());
  const [open, setOpen] = useState<number | null>(null);
  const prizes = (list.items as unknown as WonPrize[]).map((prize) => {
    const address = claimed.get(prize.id);
    return address ? { ...prize, status: "claimed" as const, needsAddress: false, address } : prize;
  });

  if (!prizes.length)
    return (
      <StateNotice
        kind="empty"
        className="prize-empty"
        text={t("prizes.empty")}
        action={
          <SmartLink to={props.drawLink} className="button button-primary">
            {t("prizes.go")}
          </SmartLink>
        }
      />
    );

  return (
    <>
      <ul className="prize-list">
        {prizes.map((prize) => (
          <li key={prize.id} className={`prize prize-${prize.kind}`}>
            <div className="prize-head">
              <strong>{prize.title}</strong>
              <span className={`prize-status prize-${statusKey(prize)}`}>{t(`prizes.status.${statusKey(prize)}`)}</span>
            </div>
            <p className="prize-meta">{`${prize.drawTitle} · ${t(`prizes.paidWith.${prize.paidWith}`)} · ${formatMoment(prize.createdAt, lang)}`}</p>
            {prize.address && (
              <p className="prize-ship-to">
                {`${t("prizes.shipTo")}: ${prize.address.receiver} ${prize.address.phone} ${prize.address.region} ${prize.address.detail}`}
              </p>
            )}
            {prize.needsAddress &&
              (open === prize.id ? (
                <AddressChooser
                  prize={prize}
                  addressLink={props.addressLink}
                  onCancel={() => setOpen(null)}
                  onClaimed={(address) => {
                    setClaimed((current) => new Map(current).set(prize.id, address));
                    setOpen(null);
                    void refreshPageData();
                  }}
                />
              ) : (
                <button type="button" className="button button-primary prize-fill" onClick={() => setOpen(prize.id)}>
                  {t("prizes.fillAddress")}
                </button>
              ))}
          </li>
        ))}
      </ul>
      <LoadMoreFooter list={list} />
    </>
  );
}

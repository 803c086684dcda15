import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { AddressListProps } from "@schemas/generated/page-config";
import "./address-list.css";
import { usePage, StateNotice } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { callApi, showFailure } from "../kit/api";
import { orderCalls } from "../kit/calls/order";
import { showToast } from "../kit/session";
import { encodeQueryText, safeInternalPath, SmartLink } from "../kit/links";
import { type Address, placeOf } from "../parts/shop-parts";

/** The page a chooser returns to, with the chosen address added to its query. */
export function withAddress(page: string, id: number): string {
  return `${page}${page.includes("?") ? "&" : "?"}addressId=${id}`;
}

/** The address book; from an order (?prePage=) it is a chooser that goes back with the address picked. */
export default function AddressList({ props, data }: WidgetRenderProps<AddressListProps>) {
  const { t } = useTranslation("order");
  const page = usePage();
  const navigate = useNavigate();
  const loaded = data?.status === "ok" && Array.isArray(data.value) ? (data.value as Address[]) : [];
  const [changed, setChanged] = useState<Address[] | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const addresses = changed ?? loaded;
  const prePage = page.view.query.prePage ? safeInternalPath(page.view.query.prePage, "") : "";
  const carry = prePage ? `prePage=${encodeQueryText(prePage)}` : "";

  const makeDefault = async (address: Address) => {
    const answer = await callApi(orderCalls.defaultAddress, { id: address.id });
    if (answer.code !== 200) return showFailure(answer);
    setChanged(addresses.map((entry) => ({ ...entry, isDefault: entry.id === address.id })));
  };

  const remove = async (address: Address) => {
    if (confirming !== address.id) {
      setConfirming(address.id);
      return;
    }
    setConfirming(null);
    const answer = await callApi(orderCalls.deleteAddress, { id: address.id });
    if (answer.code !== 200) return showFailure(answer);
    const rest = addresses.filter((entry) => entry.id !== address.id);
    if (address.isDefault && rest.length && !rest.some((entry) => entry.isDefault)) rest[0] = { ...rest[0], isDefault: true };
    setChanged(rest);
    showToast(t("address.deleted"), "success");
  };

  return (
    <section className="address-list">
      {addresses.length === 0 && <StateNotice kind="empty" className="address-empty" text={t("address.empty")} />}
      <ul>
        {addresses.map((address) => (
          <li key={address.id} className="address-card">
            <button
              type="button"
              className="address-main"
              disabled={!prePage}
              aria-label={prePage ? `${t("address.choose")}: ${address.receiver}` : undefined}
              onClick={() => prePage && void navigate(withAddress(prePage, address.id))}
            >
              <strong>
                {address.receiver} <span>{address.phone}</span>
                {address.isDefault && <em className="address-default">{t("address.default")}</em>}
              </strong>
              <span className="address-text">{placeOf(address)}</span>
            </button>
            <div className="address-actions">
              {!address.isDefault && (
                <button type="button" className="link-button" onClick={() => void makeDefault(address)}>
                  {t("address.setDefault")}
                </button>
              )}
              <SmartLink to={`${props.editLink}?id=${address.id}${carry ? `&${carry}` : ""}`} className="link-button">
                {t("address.edit")}
              </SmartLink>
              <button type="button" className="link-button address-delete" onClick={() => void remove(address)}>
                {confirming === address.id ? t("address.deleteConfirm") : t("address.delete")}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {addresses.length < 20 ? (
        <SmartLink to={`${props.editLink}${carry ? `?${carry}` : ""}`} className="button button-primary address-add">
          {t("address.add")}
        </SmartLink>
      ) : (
        <p className="address-limit">{t("address.limit")}</p>
      )}
    </section>
  );
}

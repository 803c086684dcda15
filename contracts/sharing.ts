/**
 * Share records (spec §7 /share/*, ADR 092): a signed-in person's share of an item — the link copied, the messaging
 * app's share hint shown, the poster opened — recorded once per person, item and channel per Asia/Shanghai day, and
 * the item's count of them.
 */
export const SHARE_API = { record: "/share/record", count: "/share/count" } as const;

export const SHARE_CHANNELS = ["link", "messagingApp", "poster"] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/**
 * A live room's audience and invitations (spec §7 /audience/*, /planInvite/*, /relevant/*; ADR 081): each person
 * has one invite link per room; whoever comes to the room is counted once, credited to the first invite they came with.
 */

export const AUDIENCE_API = {
  /** The viewer's own invite code for a room (planId), and how many came through it. */
  myInvite: "/planInvite/myInvite",
  /** The viewer comes to a room (planId, invite?): counted once per person. */
  join: "/audience/join",
  /** A room's audience: the count and the latest people. */
  list: "/audience/list",
  /** Who came to a room through the viewer's invite. */
  invited: "/relevant/invitedList",
} as const;

/** The query parameter of a live room's URL that carries an invite code. */
export const INVITE_QUERY = "invite";

export const INVITE_CODE = /^[A-Za-z0-9_-]{8,24}$/;

/** A person's invite link to a live room, on the site's origin. */
export function inviteLink(origin: string, planId: number | string, code: string): string {
  const search = new URLSearchParams({ id: String(planId), [INVITE_QUERY]: code });
  return `${origin}/viewLive?${search}`;
}

import { calls } from "../call-table";

/** The live room's own service (spec §7), called through the live-room client: questionnaires, sign-in, invitations. */
export const liveRoomCalls = calls({
  questions: { path: "/planQuestion/getQuestion" },
  answerQuestionnaire: { path: "/planQuestion/createUserAnswer" },
  signIn: { path: "/audience/signIn" },
  canSignIn: { path: "/audience/signInState" },
  myInvite: { path: "/planInvite/myInvite" },
  joinAudience: { path: "/audience/join" },
  invitedPeople: { path: "/relevant/invitedList" },
  expressions: { path: "/expression/list" },
});

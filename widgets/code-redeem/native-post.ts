import memberCodeSchema from "@schemas/generated/forms/member-code.schema.json";
import type { CodeRedeemProps } from "@schemas/generated/page-config";
import { memberCalls } from "../kit/calls/member";
import { type NativePost, postOnce } from "../kit/forms";

/** Redeeming a code without scripts: a refused code's words go under the field, as in the script's form; success opens doneLink. */
export const CODE_REDEEM_POST: NativePost<CodeRedeemProps> = {
  id: "member-code",
  widget: "codeRedeem",
  kit: { schema: memberCodeSchema, loadValidators: () => import("@schemas/generated/forms/member-code.validators.js") },
  submit: postOnce(memberCalls.redeemCode, (props) => props.doneLink, "code"),
};

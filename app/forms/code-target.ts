/** Purposes the platform knows for a code (send-sms and send-email-code schemas). */
export type CodePurpose = "login" | "register" | "bind" | "findPwd";

/**
 * Where the user asks a code to be sent, as typed. Light on purpose: forms build it, and only the send-code button
 * (in the lazily loaded form runtime) checks it with the send schemas (./code-check), so their validators stay out of
 * every form page's first load.
 */
export type CodeRequest = { channel: "sms"; phone: unknown; prefix: unknown } | { channel: "email"; email: unknown };

export function smsTarget(phone: unknown, prefix: unknown): CodeRequest {
  return { channel: "sms", phone, prefix };
}

export function emailTarget(email: unknown): CodeRequest {
  return { channel: "email", email };
}

/**
 * Which countdown a send-code button shows: one per purpose and number (or address), so a new number need not wait
 * for the last one's 60 s (spec §9), while the same number asked again still does.
 */
export function cooldownKey(purpose: CodePurpose, request: CodeRequest): string {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  return request.channel === "sms"
    ? `${purpose}:sms:+${text(request.prefix) || "86"} ${text(request.phone)}`
    : `${purpose}:email:${text(request.email).toLowerCase()}`;
}

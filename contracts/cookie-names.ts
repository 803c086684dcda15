/** Cookie names, apart from the parser so the browser can name a cookie without shipping it. */
export const COOKIE_NAMES = { token: "token", lang: "lang" } as const;

/** Spec §9: a cookie lasts 11 days unless it says otherwise (the session's among them); landing-module cookies 30. */
export const COOKIE_DAYS_DEFAULT = 11;
export const COOKIE_DAYS_LANDING = 30;

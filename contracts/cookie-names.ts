/** Cookie names, apart from the parser so the browser can name a cookie without shipping it. */
export const COOKIE_NAMES = { token: "token", lang: "lang" } as const;

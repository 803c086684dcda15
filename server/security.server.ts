import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

export interface SecurityLocals {
  nonce: string;
}

/**
 * A fresh nonce per response and a strict CSP: scripts only with the nonce (and what they load), no eval,
 * no inline styles except attributes, no framing by other sites. Development relaxes only what Vite's HMR needs.
 */
export function securityHeaders(options: { development: boolean }) {
  return (_request: Request, response: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    (response.locals as SecurityLocals).nonce = nonce;
    const scriptSrc = options.development ? `'self' 'nonce-${nonce}' 'unsafe-inline'` : `'nonce-${nonce}' 'strict-dynamic'`;
    const styleSrc = options.development ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`;
    const connectSrc = options.development ? "'self' ws: wss:" : "'self'";
    response.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src ${scriptSrc}`,
        `style-src ${styleSrc}`,
        ...(options.development ? [] : ["style-src-attr 'none'"]),
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        "font-src 'self'",
        `connect-src ${connectSrc}`,
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'self'",
      ].join("; "),
    );
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    response.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    next();
  };
}

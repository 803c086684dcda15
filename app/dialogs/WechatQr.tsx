import { useMemo } from "react";
import { encode } from "uqr";

/** The outline of every dark module, one unit square each, for a single SVG path. */
export function qrPath(modules: boolean[][]): string {
  let path = "";
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return path;
}

/** A URL as a QR code (quiet zone of 4 included), drawn as SVG: no image request, nothing for the CSP to allow. */
export default function WechatQr({ url, label }: { url: string; label: string }) {
  const modules = useMemo(() => encode(url, { ecc: "M", border: 4 }).data, [url]);
  const size = modules.length;
  return (
    <svg
      className="wechat-qr"
      data-url={url}
      viewBox={`0 0 ${size} ${size}`}
      width="200"
      height="200"
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={qrPath(modules)} fill="#000" />
    </svg>
  );
}

import { toLang } from "@contracts/language.ts";
import { PLATFORM_MEDIA } from "@contracts/platform-paths.ts";
import type { Db } from "../kernel/db.server.ts";
import type { RouteDefinition } from "../kernel/router.server.ts";
import { audioUrlValid } from "../audio-books/rules.server.ts";
import { posterSvg } from "./poster.server.ts";
import { audioAnswer } from "./rules.server.ts";

/**
 * The seed's media as the embedded platform serves them (a real platform's CDN would): items' SVG posters and audio
 * chapters behind signed URLs. The SSR server answers /media/poster/:id.svg and /media/audio/:file by asking these
 * paths (ADR 076), so it never reads the platform's tables or folders.
 */
export function embeddedMediaRoutes(db: Db): RouteDefinition[] {
  return [
    {
      method: "GET",
      path: PLATFORM_MEDIA.poster,
      handler: (context) => {
        const id = Number(context.params.id);
        const svg = Number.isInteger(id) ? posterSvg(db, id, toLang(String(context.params.lang ?? ""))) : null;
        return svg ? new Response(svg, { headers: { "Content-Type": "image/svg+xml" } }) : new Response(null, { status: 404 });
      },
    },
    {
      method: "GET",
      path: PLATFORM_MEDIA.audio,
      handler: (context) => {
        const file = String(context.params.file ?? "");
        const valid = audioUrlValid(db, file, Number(context.params.exp), String(context.params.sig ?? ""), context.now());
        return valid ? audioAnswer(file, context.headers.get("range")) : new Response(null, { status: 403 });
      },
    },
  ];
}

import { PassThrough } from "node:stream";
import type { EntryContext, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { getI18nInstance } from "~/i18n/middleware.server";
import { appServices } from "~/services";
import { NonceContext } from "~/browser/nonce";
import { pagePreload, PagePreloadContext } from "~/renderer/page-code";
import { InstallLinks } from "~/offline/install";
import { toLang } from "@contracts/language";

export const streamTimeout = 10_000;

/** The server sets its services under this key; exported so it uses the very same context object as the app. */
export { appServices };

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  entryContext: EntryContext,
  routerContext: RouterContextProvider,
) {
  const { nonce } = routerContext.get(appServices);
  const i18n = getI18nInstance(routerContext);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <PagePreloadContext.Provider value={routerContext.get(pagePreload)}>
            <ServerRouter context={entryContext} url={request.url} nonce={nonce} />
            <InstallLinks lang={toLang(i18n.language)} />
          </PagePreloadContext.Provider>
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        // The document goes out whole (onAllReady), so no Suspense boundary is worth outlining: past the default
        // 12.8 kB React would send later widgets as hidden segments behind skeletons, revealed by script up to
        // 300 ms later, and never without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // Everyone gets the complete document: widget modules and data are loaded before rendering, so waiting costs nothing.
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

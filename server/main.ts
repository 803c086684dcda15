import { createApp } from "./app.server.ts";
import { readServerEnv, type ServerEnv } from "./env.server.ts";
import { devToolsNotice } from "./dev-tools.server.ts";
import { createHttpServer, stopGracefully } from "./lifecycle.server.ts";

async function main() {
  let env: ServerEnv;
  try {
    env = readServerEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const development = process.env.NODE_ENV !== "production";
  const { app, close, attachRealtime, beginDraining } = await createApp({ env, development });
  const server = createHttpServer(app);
  server.listen(env.port, env.host, () => {
    console.log(
      `listening on http://${env.host === "0.0.0.0" ? "localhost" : env.host}:${env.port} (${development ? "development" : "production"}, APP_ENV=${env.appEnv})`,
    );
    console.log(devToolsNotice(env));
  });
  const realtime = attachRealtime(server);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void stopGracefully({ server, beginDraining, closeSockets: () => realtime.close(), close }).then(
      () => process.exit(0),
      (error) => {
        console.error("shutdown failed:", error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

process.on("unhandledRejection", (error) => console.error("unhandled rejection:", error));
void main();

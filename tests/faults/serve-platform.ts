/**
 * The fault harness as a process of its own (issue 35): the fake platform on FAKE_PLATFORM_PORT, for a server of ours
 * started with APP_ENV=test against it, and a control server on FAKE_CONTROL_PORT that the browser suite's fault spec
 * and the load run drive. POST / with a JSON body, any of:
 *   {"api": {"kind": "slow", "delayMs": 2000, "paths": ["/comment/add"]}}   how the API answers (see ApiFault)
 *   {"sockets": "stall"}                                                     how socket upgrades are answered
 *   {"drop": true}   end the open sockets      {"down": true} / {"up": true}   stop listening / listen again
 *   {"user": {"phone": "13800000000", "password": "secret123"}}             a phone account with a password
 * GET / answers the current stats. The process prints "fake platform ready" once both listen; SIGTERM stops it.
 */
import { createServer, type IncomingMessage } from "node:http";
import { type FaultSetting, startFakePlatform } from "./fake-platform.ts";

const platformPort = Number(process.env.FAKE_PLATFORM_PORT ?? 0);
const controlPort = Number(process.env.FAKE_CONTROL_PORT ?? 0);
const publicOrigin = process.env.PUBLIC_ORIGIN ?? "http://127.0.0.1:3000";

const fake = await startFakePlatform({ port: platformPort, publicOrigin, dataDir: process.env.FAKE_PLATFORM_DATA_DIR });
// As in the browser suite's server: a promotion covering every fresh browser's page would hide what the tests look at.
fake.platform.promotions.firstVisit = false;

interface Command extends FaultSetting {
  drop?: boolean;
  down?: boolean;
  up?: boolean;
  reset?: boolean;
  user?: { phone: string; password: string };
}

async function readCommand(request: IncomingMessage): Promise<Command> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString() || "{}") as Command;
}

let up = true;
const control = createServer((request, response) => {
  void (async () => {
    if (request.method === "POST") {
      const command = await readCommand(request);
      if (command.api || command.sockets) fake.set(command);
      if (command.drop) fake.dropSockets();
      if (command.reset) fake.resetStats();
      if (command.user) fake.addUser(command.user.phone, command.user.password);
      if (command.down && up) {
        up = false;
        await fake.down();
      }
      if (command.up && !up) {
        up = true;
        await fake.up();
      }
    }
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ up, ...fake.stats() }));
  })().catch((error: Error) => response.writeHead(400).end(error.message));
});
control.listen(controlPort, "127.0.0.1", () => console.log(`fake platform ready: ${fake.apiUrl}`));

process.once("SIGTERM", () => {
  control.close();
  void fake.close().then(() => process.exit(0));
});

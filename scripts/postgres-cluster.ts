/**
 * A throwaway PostgreSQL cluster for the tests and the cluster bench (ADR 052): Debian's `initdb` in a temporary folder,
 * its own port, trust authentication on 127.0.0.1 only, stopped and deleted at the end. Installs Debian's `postgresql`
 * when missing and running as root (as the browser suite installs Chromium); otherwise says what to install. initdb
 * refuses to run as root, so as root the cluster runs as the `postgres` user the package creates.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

export interface ThrowawayPostgres {
  /** postgres://… of the cluster's `postgres` database, for CONSOLE_DATABASE_URL. */
  readonly url: string;
  /** A fresh, empty database on the cluster, for one suite. */
  createDatabase(name: string): string;
  stop(): void;
}

const DEBIAN_ROOT = "/usr/lib/postgresql";

/** The newest installed server's bin folder, or null. */
function serverBin(): string | null {
  if (!existsSync(DEBIAN_ROOT)) return null;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((name) => existsSync(join(DEBIAN_ROOT, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(DEBIAN_ROOT, versions[0], "bin") : null;
}

const isRoot = () => process.getuid?.() === 0;

function installPostgres(): string {
  const found = serverBin();
  if (found) return found;
  if (!isRoot()) throw new Error("PostgreSQL's server is missing: install Debian's package (sudo apt-get install -y postgresql) and run again");
  console.log("Installing Debian's postgresql…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  let install = spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "postgresql"], { stdio: "inherit", env });
  if (install.status !== 0) {
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    install = spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "postgresql"], { stdio: "inherit", env });
  }
  const bin = serverBin();
  if (install.status !== 0 || !bin) throw new Error("apt-get install postgresql failed");
  return bin;
}

/** Runs a server program as the cluster's owner: ourselves, or `postgres` when we are root. */
function asOwner(bin: string, program: string, args: string[]): void {
  const command = isRoot() ? ["runuser", ["-u", "postgres", "--", join(bin, program), ...args]] : [join(bin, program), args];
  execFileSync(command[0] as string, command[1] as string[], { stdio: ["ignore", "pipe", "pipe"] });
}

export function startThrowawayPostgres(port: number): ThrowawayPostgres {
  const bin = installPostgres();
  const folder = mkdtempSync(join(tmpdir(), "console-pg-"));
  const data = join(folder, "data");
  const owner = isRoot() ? "postgres" : userInfo().username;
  if (isRoot()) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(folder, uid, gid);
  }
  chmodSync(folder, 0o700);
  asOwner(bin, "initdb", ["-D", data, "-U", owner, "--auth=trust", "--encoding=UTF8", "--no-locale", "--no-sync"]);
  // The socket goes into the temporary folder too: no shared /run/postgresql, no clash with a system cluster.
  const serverOptions = `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c fsync=off -c max_connections=200`;
  asOwner(bin, "pg_ctl", ["-D", data, "-o", serverOptions, "-l", join(folder, "log"), "-w", "-t", "60", "start"]);
  const base = `postgres://${owner}@127.0.0.1:${port}`;
  let stopped = false;
  return {
    url: `${base}/postgres`,
    createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
      execFileSync(join(bin, "psql"), [`${base}/postgres`, "-q", "-c", `DROP DATABASE IF EXISTS ${name}`, "-c", `CREATE DATABASE ${name}`], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      return `${base}/${name}`;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        asOwner(bin, "pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

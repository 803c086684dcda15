// The registry this project installs from does not publish every platform build of rollup and Biome, so
// `npm install` leaves them out of package-lock.json and `npm ci` then rejects the lock as out of
// sync. This adds an entry for each missing platform package, marked with its os/cpu, so npm ci
// skips it on this platform exactly as it would a published one (ADR 011).
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

const CPU_BY_NAME = { "arm-eabi": "arm", "arm-gnueabihf": "arm", "arm-musleabihf": "arm" };

function platformOf(name) {
  const [, os, ...rest] = name.split("/")[1].split("-");
  const tail = rest.join("-");
  const libc = /musl/.test(tail) ? "musl" : /gnu/.test(tail) ? "glibc" : undefined;
  const cpu = CPU_BY_NAME[tail] ?? tail.replace(/-(gnu|musl|msvc)$/, "");
  return { os, cpu, libc };
}

/** Packages that ship one native build per platform as optional dependencies. */
const PLATFORM_PARENTS = ["node_modules/rollup", "node_modules/@biomejs/biome"];

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  if (!PLATFORM_PARENTS.some((parent) => path.endsWith(parent))) continue;
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const { os, cpu, libc } = platformOf(name);
    packages[key] = {
      version,
      cpu: [cpu],
      ...(entry.dev ? { dev: true } : {}),
      ...(libc ? { libc: [libc] } : {}),
      license: entry.license ?? "MIT",
      optional: true,
      os: [os],
    };
    added++;
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`pad-lockfile: added ${added} unpublished platform packages`);

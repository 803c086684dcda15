/**
 * The browser suite drives Debian's Chromium (never a downloaded browser). Installs it when missing and
 * running as root; otherwise says exactly what to install. CJK fonts come along so screenshots are legible.
 */
import { existsSync } from "node:fs";
import { execFileSync } from "node:child_process";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PACKAGES = ["chromium", "fonts-noto-cjk"];

function isInstalled(name: string): boolean {
  try {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: ${Status} is dpkg-query's format syntax, not a template
    return execFileSync("dpkg-query", ["-W", "-f=${Status}", name], { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .includes("install ok installed");
  } catch {
    return false;
  }
}

const missing = PACKAGES.filter((name) => !(name === "chromium" && existsSync(CHROMIUM)) && !isInstalled(name));
if (missing.length === 0) {
  console.log(`Chromium found at ${CHROMIUM}.`);
  process.exit(0);
}
if (process.getuid?.() !== 0) {
  console.error(`The browser tests need Debian packages: ${missing.join(" ")}.\nInstall them with: sudo apt-get install -y ${missing.join(" ")}`);
  process.exit(1);
}
console.log(`Installing ${missing.join(", ")} from Debian…`);
execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...missing], {
  stdio: "inherit",
  env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
});
if (!existsSync(CHROMIUM)) {
  console.error(`Installed ${missing.join(", ")}, but ${CHROMIUM} is still missing.`);
  process.exit(1);
}

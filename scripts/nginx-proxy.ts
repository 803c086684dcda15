/**
 * Debian's nginx in front of production node servers, as ADR 027 deploys them: gzip for text, WebSocket upgrades,
 * X-Forwarded-For, keep-alive to the nodes. Shared by the benches that measure through it (bench:cluster,
 * bench:lighthouse) so they measure the same proxy. It runs in the foreground in a temporary directory of its own,
 * on the ports its caller gives, and leaves any system nginx alone.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const HOST = "127.0.0.1";

function findNginx(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) if (existsSync(candidate)) return candidate;
  return null;
}

/** Debian's nginx, installed when missing and we are root; otherwise the exact command to run. */
export function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error("nginx is missing: install Debian's package as root (apt-get install -y nginx) and run again");
  }
  console.log("nginx is missing: apt-get install -y nginx");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  let install = spawnSync("apt-get", ["install", "-y", "nginx"], { stdio: "inherit", env });
  if (install.status !== 0) {
    spawnSync("apt-get", ["update"], { stdio: "inherit" });
    install = spawnSync("apt-get", ["install", "-y", "nginx"], { stdio: "inherit", env });
  }
  const installed = findNginx();
  if (install.status !== 0 || !installed) throw new Error("apt-get install -y nginx failed: install Debian's nginx package and run again");
  // The package starts a system nginx on port 80; the benches run their own on their own ports and leave that one alone.
  return installed;
}

/** One listening port of the proxy and the node ports it spreads requests over. */
export interface ProxySite {
  port: number;
  nodePorts: readonly number[];
  /** Serve this port over TLS with HTTP/2, as production's edge does (browsers speak HTTP/2 only over TLS). */
  tls?: TlsFiles;
}

export interface TlsFiles {
  certificate: string;
  key: string;
}

export interface ProxyOptions {
  /** Add X-Upstream (which node answered) to every answer: for checks that must see the spreading. */
  showUpstream?: boolean;
}

/**
 * nginx.conf for the sites: gzip of text at level 6 as in production, sockets under /ws/ limited per address across all nodes,
 * and (showUpstream) which node answered in X-Upstream.
 */
export function nginxConfig(directory: string, sites: readonly ProxySite[], options: ProxyOptions = {}): string {
  const forward = `
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;`;
  const upstreams = sites.map(
    (site, index) =>
      // Idle upstream connections end before the node's own 5 s keep-alive timeout (ADR 015) would: otherwise nginx
      // may send a request on a connection the node is closing at that moment, and the client gets a 502.
      `  upstream site_${index} { ${site.nodePorts.map((port) => `server ${HOST}:${port};`).join(" ")} keepalive 64; keepalive_timeout 4s; }`,
  );
  const servers = sites.map(
    (site, index) => `
  server {
    listen ${HOST}:${site.port}${site.tls ? ` ssl http2;\n    ssl_certificate ${site.tls.certificate};\n    ssl_certificate_key ${site.tls.key}` : ""};
    location / {
      proxy_pass http://site_${index};${forward}${options.showUpstream ? "\n      add_header X-Upstream $upstream_addr always;" : ""}
    }
    location /ws/ {
      limit_conn sockets_per_address 60;
      limit_conn_status 429;
      proxy_pass http://site_${index};${forward}
      proxy_read_timeout 1h;
    }
  }`,
  );
  return `# Written by scripts/nginx-proxy.ts; see ADR 027 for what each layer does in production.
daemon off;
worker_processes 1;
pid ${directory}/nginx.pid;
error_log ${directory}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${directory}/tmp/body;
  proxy_temp_path ${directory}/tmp/proxy;
  fastcgi_temp_path ${directory}/tmp/fastcgi;
  uwsgi_temp_path ${directory}/tmp/uwsgi;
  scgi_temp_path ${directory}/tmp/scgi;
  proxy_buffers 32 16k;
  gzip on;
  # nginx's default level 1 sent the framework chunk as 131 KB where level 6 sends 112 KB, and /home's HTML over the
  # 14.6 KB first TCP window (ADR 036); above 6 the files barely shrink while the CPU cost keeps growing.
  gzip_comp_level 6;
  gzip_proxied any;
  gzip_vary on;
  gzip_min_length 1024;
  gzip_types text/css text/javascript application/javascript application/json image/svg+xml text/plain;
  map $http_upgrade $connection_upgrade { default upgrade; "" ""; }
  limit_conn_zone $binary_remote_addr zone=sockets_per_address:10m;
${upstreams.join("\n")}
${servers.join("\n")}
}
`;
}

/**
 * Writes the config into `directory` (which must exist), checks it with `nginx -t` and starts nginx in the
 * foreground. The caller stops the returned process.
 */
export function startNginx(nginx: string, directory: string, sites: readonly ProxySite[], options: ProxyOptions = {}): ChildProcess {
  // nginx's workers run as an unprivileged user when started as root: they must reach the directory and its temp files.
  chmodSync(directory, 0o755);
  for (const name of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(join(directory, "tmp", name), { recursive: true });
    chmodSync(join(directory, "tmp", name), 0o777);
  }
  chmodSync(join(directory, "tmp"), 0o777);
  const configFile = join(directory, "nginx.conf");
  writeFileSync(configFile, nginxConfig(directory, sites, options));
  const test = spawnSync(nginx, ["-t", "-p", directory, "-c", configFile], { encoding: "utf8" });
  if (test.status !== 0) throw new Error(`nginx refused the config:\n${test.stderr}`);
  return spawn(nginx, ["-p", directory, "-c", configFile], { stdio: "inherit" });
}

/**
 * A self-signed certificate for 127.0.0.1 in `directory` (Debian's openssl), and the base64 SHA-256 of its public key:
 * Chromium trusts exactly that key with `--ignore-certificate-errors-spki-list`, so pages count as secure.
 */
export function selfSignedCertificate(directory: string): TlsFiles & { spkiHash: string } {
  const certificate = join(directory, "certificate.pem");
  const key = join(directory, "key.pem");
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      `/CN=${HOST}`,
      "-addext",
      `subjectAltName=IP:${HOST}`,
      "-keyout",
      key,
      "-out",
      certificate,
    ],
    { encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate (apt-get install -y openssl):\n${made.stderr}`);
  const publicKey = spawnSync("openssl", ["x509", "-in", certificate, "-pubkey", "-noout"], { encoding: "utf8" });
  const der = spawnSync("openssl", ["pkey", "-pubin", "-outform", "der"], { input: publicKey.stdout });
  if (publicKey.status !== 0 || der.status !== 0) throw new Error("openssl could not read the certificate's public key");
  chmodSync(key, 0o644);
  return { certificate, key, spkiHash: createHash("sha256").update(der.stdout).digest("base64") };
}

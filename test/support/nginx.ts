import { aptInstall, canInstallWithApt, stopProcess, waitFor } from '@kartlink/infra';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

/** Debian's nginx, installed with apt-get when missing and we may (root); its path. */
async function ensureNginx(): Promise<string> {
  if (existsSync(NGINX)) return NGINX;
  if (!canInstallWithApt()) {
    throw new Error(
      `nginx is not at ${NGINX}. Install it (Debian/Ubuntu: sudo apt-get install -y nginx) ` +
        'or set NGINX_PATH to an nginx binary, then run this test again.',
    );
  }
  const install = await aptInstall(['nginx']);
  if (install.code !== 0 || !existsSync(NGINX))
    throw new Error(`apt-get install nginx failed:\n${install.output}`);
  return NGINX;
}

/**
 * The load balancer in front of the gateways, configured as an ingress would be: round robin
 * over kept-alive HTTP/1.1 connections, and a request that a gateway could not take (connection
 * refused or reset, 502/503/504, or no connection within 2 s) is sent to the next one.
 *
 * `non_idempotent` lets that retry cover POSTs too. It is safe against a gateway that is
 * shutting down, because a closing gateway refuses a request before reading it (its port
 * closed, its idle connections closed, 503 before routing) and finishes every request it read:
 * a refused click was never published. A 502/503/504 that a gateway answers after doing the
 * work would be retried as well; nothing in this test answers one.
 */
function nginxConfig(options: { dir: string; port: number; upstreams: number[] }): string {
  const { dir, port, upstreams } = options;
  return `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events {
  worker_connections 1024;
}
http {
  log_format upstreams '$request_method $uri $status upstreams=$upstream_addr statuses=$upstream_status';
  access_log ${dir}/access.log upstreams;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 10m;

  upstream gateways {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 32;
    # Shorter than the gateways' (72 s): nginx, not the gateway, ends an idle connection.
    keepalive_timeout 30s;
  }

  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://gateways;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_connect_timeout 2s;
      # Longer than the gateway's slowest answer (an upload, 55 s): a timeout is a dead gateway.
      proxy_send_timeout 60s;
      proxy_read_timeout 60s;
      proxy_next_upstream error timeout http_502 http_503 http_504 non_idempotent;
      proxy_next_upstream_timeout 20s;
    }
  }
}
`;
}

export interface LoadBalancer {
  url: string;
  /** nginx's access log so far: one line per client request, with each upstream tried. */
  accessLog(): string[];
  stop(): Promise<void>;
}

/** Runs nginx in the foreground with its config, pid, logs and temp files in a temp folder. */
export async function startLoadBalancer(options: {
  port: number;
  upstreams: number[];
  onLine: (line: string) => void;
}): Promise<LoadBalancer> {
  const nginx = await ensureNginx();
  const dir = mkdtempSync(join(tmpdir(), 'kartlink-nginx-'));
  // Started as root, nginx's workers run as an unprivileged user: they must reach the folder.
  chmodSync(dir, 0o755);
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig({ dir, ...options }));
  const child = spawn(nginx, ['-p', dir, '-c', config, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => options.onLine(chunk.toString().trimEnd()));
  const url = `http://127.0.0.1:${options.port}`;
  const read = (file: string) =>
    existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : '';
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited: ${read('error.log')}`);
        return (await fetch(`${url}/api/health/live`)).status === 200;
      },
      { timeoutMs: 20_000, intervalMs: 100, description: 'nginx to pass requests on' },
    );
  } catch (err) {
    await stopProcess(child);
    throw err;
  }
  return {
    url,
    accessLog: () => read('access.log').split('\n').filter(Boolean),
    async stop() {
      // SIGQUIT: nginx's graceful stop.
      const exited = new Promise((done) => child.once('exit', done));
      if (child.exitCode === null) child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
      await stopProcess(child);
      const errors = read('error.log').trim();
      if (errors) options.onLine(errors);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

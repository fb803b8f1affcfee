#!/usr/bin/env node
// Health probe of one Kartlink service container: the Kubernetes exec probes and the compose
// healthchecks run it beside the service, with the service's own environment.
//
//   node deploy/probes/service-health.mjs <auth|shop|media|analytics> <live|ready>
//
// Services are not HTTP servers. They answer `<NATS_SUBJECT_PREFIX><service>.health` over NATS
// in a queue group, so any replica may answer that request, not necessarily this one. The probe
// therefore checks this container first, then the service:
//   live   the service process in this container holds an open TCP connection to a NATS
//          server (read from /proc: it sees this container only). NATS closes the connection of
//          a client that stops answering its pings, so a hung process fails this too.
//   ready  live, and the service answers its health subject with status "ok": its database
//          answers and no migration is pending.
// Exit code 0 when healthy; otherwise 1 and one line saying why.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { connect, JSONCodec } from 'nats';

const SERVICES = ['auth', 'shop', 'media', 'analytics'];
// Connect and request each within this, so that a probe ends inside its 5 s timeoutSeconds.
const TIMEOUT_MS = 2000;
const [service, mode] = process.argv.slice(2);

function fail(message) {
  console.error(`${service}-service${mode ? ` ${mode}` : ''}: ${message}`);
  process.exit(1);
}

/** Ports of the NATS servers in NATS_URL (nats://host:port, comma-separated; 4222 by default). */
function natsPorts(urls) {
  return new Set(
    urls.split(',').map((url) => {
      try {
        return Number(new URL(url.includes('://') ? url : `nats://${url}`).port || 4222);
      } catch {
        return 4222;
      }
    }),
  );
}

/** Pids of the processes running this service's main.js. */
function servicePids() {
  const script = `apps/${service}-service/dist/main.js`;
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(script);
      } catch {
        return false;
      }
    });
}

/** Whether the process holds an established TCP connection to one of these remote ports. */
function connectedTo(pid, ports) {
  const inodes = new Set();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    const match = /^socket:\[(\d+)\]$/.exec(safeReadlink(`/proc/${pid}/fd/${fd}`));
    if (match) inodes.add(match[1]);
  }
  for (const table of ['tcp', 'tcp6']) {
    const rows = safeRead(`/proc/${pid}/net/${table}`).split('\n').slice(1);
    for (const row of rows) {
      const [, , remote, state, , , , , , inode] = row.trim().split(/\s+/);
      const established = state === '01';
      if (established && inodes.has(inode) && ports.has(parseInt(remote.split(':')[1], 16))) {
        return true;
      }
    }
  }
  return false;
}

function safeReadlink(path) {
  try {
    return readlinkSync(path);
  } catch {
    return '';
  }
}

function safeRead(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

async function askHealth(natsUrl, subject) {
  const connection = await connect({
    servers: natsUrl.split(','),
    name: `${service}-service-probe`,
    timeout: TIMEOUT_MS,
    // The service's own NATS user, when NATS requires one.
    ...(process.env.NATS_USER
      ? { user: process.env.NATS_USER, pass: process.env.NATS_PASSWORD ?? '' }
      : {}),
  });
  try {
    const codec = JSONCodec();
    // The NestJS NATS transport's request packet; the answer is { response } or { err }.
    const reply = await connection.request(
      subject,
      codec.encode({ pattern: subject, data: {}, id: `probe-${process.pid}` }),
      { timeout: TIMEOUT_MS },
    );
    return codec.decode(reply.data);
  } finally {
    await connection.close();
  }
}

async function main() {
  if (!SERVICES.includes(service) || !['live', 'ready'].includes(mode)) {
    fail(`usage: service-health.mjs <${SERVICES.join('|')}> <live|ready>`);
  }
  const natsUrl = process.env.NATS_URL || 'nats://127.0.0.1:4222';
  const pids = servicePids();
  if (pids.length === 0) fail(`no process runs apps/${service}-service/dist/main.js here`);
  if (!pids.some((pid) => connectedTo(pid, natsPorts(natsUrl)))) {
    fail(`the service process holds no connection to NATS (${natsUrl})`);
  }
  if (mode === 'live') return;

  const subject = `${process.env.NATS_SUBJECT_PREFIX ?? ''}${service}.health`;
  let answer;
  try {
    answer = await askHealth(natsUrl, subject);
  } catch (err) {
    // NATS says 503 at once when nobody subscribes to the subject.
    fail(
      `no answer on ${subject}: ${err.code === '503' ? 'no replica is listening' : err.message}`,
    );
  }
  const health = answer?.response;
  if (!health) fail(`${subject} answered with an error: ${JSON.stringify(answer?.err ?? answer)}`);
  if (health.status !== 'ok') {
    fail(`${health.status}: database ${health.checks?.database?.error ?? 'not ok'}`);
  }
}

main().then(
  () => process.exit(0),
  (err) => fail(err.message),
);

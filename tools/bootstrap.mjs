#!/usr/bin/env node
// Entry of `npm start`, `npm test`, `npm run dev` and `npm run build` on a fresh clone with only
// Node.js and npm: installs the npm dependencies when they are missing or older than
// package-lock.json, then runs tools/<command>.ts with the local tsx, passing the arguments on
// and exiting with its exit code. Plain Node, no dependencies: it runs before they exist.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const COMMANDS = ['start', 'test', 'build', 'migration', 'bench'];
const MIN_NODE = [20, 19];

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const lockfile = join(root, 'package-lock.json');
const modules = join(root, 'node_modules');
const stamp = join(modules, '.kartlink-installed');

function fail(message) {
  console.error(message);
  process.exit(1);
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1])) {
    fail(
      `Kartlink needs Node.js ${MIN_NODE.join('.')} or newer; this is ${process.versions.node}.`,
    );
  }
}

const hashOf = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
const mtimeOf = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** Installed when the stamp holds the lockfile's hash, or npm's own record is newer than it. */
function dependenciesUpToDate(lockHash) {
  if (!existsSync(modules)) return false;
  if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === lockHash) return true;
  return mtimeOf(join(modules, '.package-lock.json')) >= mtimeOf(lockfile);
}

function ensureDependencies() {
  const hasLock = existsSync(lockfile);
  const lockHash = hasLock ? hashOf(lockfile) : undefined;
  if (hasLock && dependenciesUpToDate(lockHash)) {
    if (!existsSync(stamp)) writeFileSync(stamp, `${lockHash}\n`);
    return;
  }
  if (!hasLock && existsSync(modules)) return;
  const installed = (hasLock && npm('ci')) || npm('install');
  if (!installed) fail('Installing the dependencies failed; fix the error above and try again.');
  if (hasLock) writeFileSync(stamp, `${hashOf(lockfile)}\n`);
}

/** Runs `npm <command>` in the repository; true when it succeeded. */
function npm(command) {
  const args = [command, '--no-audit', '--no-fund'];
  console.log(`Installing dependencies: npm ${args.join(' ')}`);
  const program = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const ok = spawnSync(program, args, { cwd: root, stdio: 'inherit' }).status === 0;
  // npm ci refuses a lockfile that lacks entries npm could not resolve (npm/cli#4828),
  // which npm install accepts.
  if (!ok && command === 'ci') console.log('npm ci failed; trying npm install instead.');
  return ok;
}

const [command, ...args] = process.argv.slice(2);
if (!COMMANDS.includes(command))
  fail(`Usage: node tools/bootstrap.mjs <${COMMANDS.join('|')}> [arguments]`);
checkNode();
ensureDependencies();

const child = spawn(join(modules, '.bin', 'tsx'), [join(root, 'tools', `${command}.ts`), ...args], {
  cwd: root,
  stdio: 'inherit',
});
// Ctrl-C reaches the whole process group; a signal sent to this process alone is passed on.
// Either way this process stays until the command has finished stopping.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('error', (err) => fail(`Could not run tsx: ${err.message}`));
child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));

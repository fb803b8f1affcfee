#!/usr/bin/env node
// The CycloneDX SBOM of one app's image: `node tools/sbom.mjs <app> [file]` writes the production
// dependencies of apps/<app> (the @kartlink libraries included; for the gateway, also those of the
// web app it serves, bundled into apps/web/dist) as CycloneDX JSON, to the file or to stdout. It reads only package.json files and package-lock.json, so it runs in the Dockerfile's
// manifests stage (which copies the result into each image) as well as in `npm test -- security`,
// which checks its output. Plain Node, no dependencies: the manifests stage has none installed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const [app, file] = process.argv.slice(2);
if (!app || !existsSync(join(root, 'apps', app, 'package.json'))) {
  console.error(
    `Usage: node tools/sbom.mjs <app> [file]; apps/${app ?? '<app>'}/package.json is missing.`,
  );
  process.exit(2);
}

const workspaces = app === 'gateway' ? ['apps/gateway', 'apps/web'] : [`apps/${app}`];
const args = [
  'sbom',
  ...['--sbom-format', 'cyclonedx', '--sbom-type', 'application', '--omit', 'dev'],
  '--package-lock-only',
  ...workspaces.flatMap((workspace) => ['--workspace', workspace]),
];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = spawnSync(npm, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (run.status !== 0) {
  console.error(`npm ${args.join(' ')} failed:\n${run.stderr}`);
  process.exit(1);
}
const bom = JSON.parse(run.stdout);
addMissingPackages(bom, workspaces);
// npm names the root component after the folder it ran in (/app in the image): name it after the
// image instead, with the version the image is built with.
bom.metadata.component.name = `kartlink/${app}`;
if (process.env.APP_VERSION) bom.metadata.component.version = process.env.APP_VERSION;
const json = `${JSON.stringify(bom, null, 2)}\n`;
if (file) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, json);
} else {
  process.stdout.write(json);
}

/**
 * `npm sbom --omit dev` (npm 11.19) leaves out some production packages a workspace needs: react,
 * react-dom and scheduler of apps/web, which npm also knows as peers. Adds every package the
 * workspaces reach through their dependencies, optional dependencies and required peers, as
 * npm ci installs them, from the lockfile, in npm's own form.
 */
function addMissingPackages(bom, workspaces) {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages;
  const listed = new Set(bom.components.map((component) => component['bom-ref']));
  // Node's lookup: node_modules/<name> in the package's folder, then in each one above it.
  const locate = (from, name) => {
    for (let dir = from; ;) {
      const path = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (lock[path]) return lock[path].link ? lock[path].resolved : path;
      if (!dir) return undefined;
      const parent = dir.lastIndexOf('/node_modules/');
      dir = parent >= 0 ? dir.slice(0, parent) : '';
    }
  };
  // The images are Debian (glibc) Linux, amd64 or arm64: other platforms' builds are not in them.
  const allows = (list, value) => !list || list.some((item) => item === value);
  const forTheImage = ({ os, cpu, libc }) =>
    allows(os, 'linux') && allows(libc, 'glibc') && (allows(cpu, 'x64') || allows(cpu, 'arm64'));
  const seen = new Set(workspaces);
  const queue = [...workspaces];
  while (queue.length > 0) {
    const path = queue.shift();
    const entry = lock[path];
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
    ];
    for (const name of names) {
      const found = locate(path, name);
      if (!found || seen.has(found) || !forTheImage(lock[found])) continue;
      seen.add(found);
      queue.push(found);
      const { version, integrity } = lock[found];
      if (!found.includes('node_modules/') || listed.has(`${name}@${version}`)) continue;
      listed.add(`${name}@${version}`);
      const scope = name.startsWith('@') ? name.split('/')[0] : undefined;
      const sha512 = integrity?.split(' ').find((hash) => hash.startsWith('sha512-'));
      bom.components.push({
        'bom-ref': `${name}@${version}`,
        type: 'library',
        ...(scope ? { group: scope } : {}),
        name: scope ? name.slice(scope.length + 1) : name,
        version,
        scope: 'required',
        purl: `pkg:npm/${encodeURIComponent(scope ?? '').replace(/.+/, '$&/')}${scope ? name.slice(scope.length + 1) : name}@${version}`,
        ...(sha512
          ? {
              hashes: [
                { alg: 'SHA-512', content: Buffer.from(sha512.slice(7), 'base64').toString('hex') },
              ],
            }
          : {}),
      });
    }
  }
}

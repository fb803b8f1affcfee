/** The registry every dependency must come from: npm's public one, over HTTPS. */
const REGISTRY = 'https://registry.npmjs.org/';

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  inBundle?: boolean;
}

export interface Lockfile {
  lockfileVersion?: number;
  packages?: Record<string, LockEntry>;
}

/**
 * package-lock.json: every installed package comes from the npm registry over HTTPS and is pinned
 * by a sha512 integrity hash, so `npm ci` installs exactly the reviewed bytes. Workspace folders
 * and their links are the repository's own code. A registry package may lack `resolved`: npm leaves
 * it out with `omit-lockfile-registry-resolved` (set on the machines that wrote this lockfile) and
 * then fetches from the registry; git, file and other-host sources always keep theirs, so they are
 * still caught. Returns one message per problem, each naming the package.
 */
export function checkLockfile(lock: Lockfile): string[] {
  if (lock.lockfileVersion === undefined || lock.lockfileVersion < 2 || !lock.packages) {
    return ['package-lock.json has no "packages" map (lockfileVersion 2 or 3); run npm install.'];
  }
  const problems: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    // "" is the root project; a path outside node_modules is a workspace folder.
    if (path === '' || !path.includes('node_modules/')) continue;
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const label = `${name}${entry.version ? `@${entry.version}` : ''} (${path})`;
    if (entry.link) {
      if (entry.resolved?.startsWith('..') || entry.resolved?.startsWith('/')) {
        problems.push(`${label} links outside the repository, to ${entry.resolved}.`);
      }
      continue;
    }
    // A bundled dependency ships inside its parent's tarball, which the parent's hash covers.
    if (entry.inBundle) continue;
    if (entry.resolved !== undefined && !entry.resolved.startsWith(REGISTRY)) {
      problems.push(
        `${label} is resolved from ${entry.resolved}, not from ${REGISTRY}; ` +
          'depend on a published version instead.',
      );
    } else if (!entry.version || !/^\d+\.\d+\.\d+/.test(entry.version)) {
      problems.push(`${label} has no published version in the lockfile.`);
    }
    if (!entry.integrity) {
      problems.push(`${label} has no integrity hash; run npm install to record one.`);
    } else if (!entry.integrity.split(/\s+/).some((hash) => hash.startsWith('sha512-'))) {
      problems.push(
        `${label} has only a weak integrity hash (${entry.integrity.split('-')[0]}), no sha512.`,
      );
    }
  }
  return problems;
}

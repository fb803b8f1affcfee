import { accessSync, constants, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Sorts version-named folders newest first: ["9.6", "15", "16"] -> ["16", "15", "9.6"]. */
export function newestFirst(versions: readonly string[]): string[] {
  const parts = (v: string) => v.split('.').map((n) => Number.parseInt(n, 10) || 0);
  return [...versions].sort((a, b) => {
    const [pa, pb] = [parts(a), parts(b)];
    for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
      const diff = (pb[i] ?? 0) - (pa[i] ?? 0);
      if (diff !== 0) return diff;
    }
    return 0;
  });
}

/** Debian and Ubuntu keep PostgreSQL's server programs off PATH, one folder per major version. */
export function postgresBinDirs(root = '/usr/lib/postgresql'): string[] {
  try {
    return newestFirst(readdirSync(root)).map((version) => join(root, version, 'bin'));
  } catch {
    return [];
  }
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The first folder, on PATH or among `extraDirs`, that holds every one of `programs`
 * (initdb and pg_ctl must come from the same PostgreSQL version).
 */
export function findProgramsDir(
  programs: readonly string[],
  extraDirs: readonly string[] = [],
): string | undefined {
  const pathDirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  return [...pathDirs, ...extraDirs].find((dir) =>
    programs.every((program) => isExecutable(join(dir, program))),
  );
}

export interface SystemUser {
  uid: number;
  gid: number;
}

/** Reads a user's ids from /etc/passwd-formatted text. */
export function parsePasswdUser(passwd: string, name: string): SystemUser | undefined {
  for (const line of passwd.split('\n')) {
    const [user, , uid, gid] = line.split(':');
    if (user === name && uid && gid) return { uid: Number(uid), gid: Number(gid) };
  }
  return undefined;
}

export function findSystemUser(names: readonly string[]): SystemUser | undefined {
  let passwd: string;
  try {
    passwd = readFileSync('/etc/passwd', 'utf8');
  } catch {
    return undefined;
  }
  for (const name of names) {
    const user = parsePasswdUser(passwd, name);
    if (user) return user;
  }
  return undefined;
}

import { checkLockfile, type Lockfile } from './lockfile';

const SHA512 =
  'sha512-Thbli+OlOj+iMPYFBVBfJ3OmCAnaSyNn4M1vz9T6Gka5Jt9ba/HIR56joy65tY6kx/FCF5VXNB819Y7/GUrBGA==';
const lock = (packages: Lockfile['packages']): Lockfile => ({
  lockfileVersion: 3,
  packages: {
    '': { version: '0.0.0' },
    'apps/gateway': { version: '0.0.0' },
    'node_modules/@kartlink/gateway': { resolved: 'apps/gateway', link: true },
    ...packages,
  },
});

describe('checkLockfile', () => {
  it('takes registry packages with a sha512 hash, with or without their resolved address', () => {
    expect(
      checkLockfile(
        lock({
          'node_modules/ajv': {
            version: '8.20.0',
            resolved: 'https://registry.npmjs.org/ajv/-/ajv-8.20.0.tgz',
            integrity: SHA512,
          },
          'apps/gateway/node_modules/fast-uri': { version: '3.1.9', integrity: SHA512 },
          'node_modules/sharp/node_modules/detect-libc': { version: '2.0.0', inBundle: true },
        }),
      ),
    ).toEqual([]);
  });

  it('refuses a package from git, naming it', () => {
    expect(
      checkLockfile(
        lock({
          'node_modules/left-pad': {
            version: '1.3.0',
            resolved: 'git+ssh://git@github.com/someone/left-pad.git#5c0fd0d8',
            integrity: SHA512,
          },
        }),
      ),
    ).toEqual([
      'left-pad@1.3.0 (node_modules/left-pad) is resolved from git+ssh://git@github.com/someone/left-pad.git#5c0fd0d8, ' +
        'not from https://registry.npmjs.org/; depend on a published version instead.',
    ]);
  });

  it('refuses a package over plain http or from another host', () => {
    const problems = checkLockfile(
      lock({
        'node_modules/ajv': {
          version: '8.20.0',
          resolved: 'http://registry.npmjs.org/ajv/-/ajv-8.20.0.tgz',
          integrity: SHA512,
        },
        'node_modules/@acme/tool': {
          version: '1.0.0',
          resolved: 'https://npm.acme.example/@acme/tool-1.0.0.tgz',
          integrity: SHA512,
        },
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^ajv@8\.20\.0 \(node_modules\/ajv\) is resolved from http:\/\/registry\.npmjs\.org/,
      ),
      expect.stringMatching(
        /^@acme\/tool@1\.0\.0 \(node_modules\/@acme\/tool\) is resolved from https:\/\/npm\.acme\.example/,
      ),
    ]);
  });

  it('refuses a package without an integrity hash, or with only sha1', () => {
    expect(
      checkLockfile(
        lock({
          'node_modules/ajv': { version: '8.20.0' },
          'node_modules/old': { version: '1.0.0', integrity: 'sha1-2jmYT3R1kxdq9TdRXxvQwYvnqKo=' },
        }),
      ),
    ).toEqual([
      'ajv@8.20.0 (node_modules/ajv) has no integrity hash; run npm install to record one.',
      'old@1.0.0 (node_modules/old) has only a weak integrity hash (sha1), no sha512.',
    ]);
  });

  it('refuses a link out of the repository and a lockfile without packages', () => {
    expect(
      checkLockfile(lock({ 'node_modules/evil': { resolved: '../../elsewhere', link: true } })),
    ).toEqual(['evil (node_modules/evil) links outside the repository, to ../../elsewhere.']);
    expect(checkLockfile({ lockfileVersion: 1 })).toEqual([
      expect.stringMatching(/no "packages" map/),
    ]);
  });
});

import { checkSecurityDoc, testTitles } from './security-doc';

const SPEC = `
describe('sessions', () => {
  it('rotates the refresh token', async () => {});
  it("slows password guessing after five failures from one address, not the owner's sign-in", () => {});
  it(
    \`refuses \${'a'.repeat(3)} in a template\`,
    () => {},
  );
  it.each([
    ['a body with (parentheses)', () => post('/x', '{')],
    ['another', () => post('/y', '[')],
  ])('answers %s with 400', async (name) => {});
  describe.each(['gateway', 'auth-service'])('the %s service', (name) => {
    test.skip('it answers', () => {});
  });
});
`;
const files: Record<string, string> = {
  'test/e2e/auth.e2e-spec.ts': SPEC,
  'apps/auth-service/src/x.ts': '',
};
const check = (doc: string) =>
  checkSecurityDoc(
    doc,
    (path) => files[path],
    (path) => path in files,
  );
const table = (proved: string) =>
  `| ASVS | Requirement | Where | Proved by |\n| --- | --- | --- | --- |\n| 6.3.1 | brute force | \`apps/auth-service/src/x.ts\` | ${proved} |\n`;

describe('testTitles', () => {
  it('reads describe, it and test titles in quotes, templates and each tables', () => {
    const titles = testTitles(SPEC);
    const find = (title: string) => titles.filter((t) => t.pattern.test(title)).map((t) => t.kind);
    expect(titles).toHaveLength(7);
    expect(find('sessions')).toEqual(['describe']);
    expect(
      find("slows password guessing after five failures from one address, not the owner's sign-in"),
    ).toEqual(['test']);
    expect(find('refuses aaa in a template')).toEqual(['test']);
    expect(find('answers a body with (parentheses) with 400')).toEqual(['test']);
    expect(find('the auth-service service')).toEqual(['describe']);
    expect(find('it answers')).toEqual(['test']);
    expect(find('rotates the refresh token twice')).toEqual([]);
  });
});

describe('checkSecurityDoc', () => {
  it('takes references to tests that exist, by describe and test title, and counts them', () => {
    const result = check(
      table(
        '`test/e2e/auth.e2e-spec.ts › sessions › rotates the refresh token`, ' +
          '`test/e2e/auth.e2e-spec.ts › sessions › the gateway service › it answers`',
      ),
    );
    expect(result).toEqual({ references: 2, pending: 0, problems: [] });
  });

  it('fails on a test title or describe title that is not in the file, naming the line', () => {
    expect(
      check(table('`test/e2e/auth.e2e-spec.ts › sessions › rotates the access token`')).problems,
    ).toEqual([
      'docs/security.md:3: test/e2e/auth.e2e-spec.ts has no test titled "rotates the access token"',
    ]);
    expect(
      check(table('`test/e2e/auth.e2e-spec.ts › session › rotates the refresh token`')).problems,
    ).toEqual(['docs/security.md:3: test/e2e/auth.e2e-spec.ts has no describe titled "session"']);
  });

  it('fails on a test file or a code path that does not exist', () => {
    expect(
      check(table('`test/e2e/gone.e2e-spec.ts › sessions › rotates the refresh token`')).problems,
    ).toEqual(['docs/security.md:3: test/e2e/gone.e2e-spec.ts does not exist']);
    expect(
      check(
        table('`test/e2e/auth.e2e-spec.ts › sessions › rotates the refresh token`').replace(
          'src/x.ts',
          'src/y.ts',
        ),
      ).problems,
    ).toEqual(['docs/security.md:3: apps/auth-service/src/y.ts does not exist']);
  });

  it('takes (test: pending) as the one placeholder and counts it', () => {
    expect(check(table('(test: pending)'))).toEqual({ references: 0, pending: 1, problems: [] });
  });

  it('fails on a row without a test, or with any other placeholder', () => {
    expect(check(table('none yet')).problems).toEqual([
      'docs/security.md:3: the row has no test reference and no (test: pending): none yet',
    ]);
    expect(check(table('TODO')).problems).toEqual([
      'docs/security.md:3: the row has no test reference and no (test: pending): TODO',
      expect.stringMatching(
        /^docs\/security\.md:3: write a missing test as \(test: pending\), nothing else/,
      ),
    ]);
    expect(
      check(
        table('(test: later) `test/e2e/auth.e2e-spec.ts › sessions › rotates the refresh token`'),
      ).problems,
    ).toEqual([
      expect.stringMatching(/^docs\/security\.md:3: write a missing test as \(test: pending\)/),
    ]);
  });

  it('asks nothing of tables without a "Proved by" column, such as the requirements that do not apply', () => {
    expect(
      check('| ASVS | Why it does not apply |\n| --- | --- |\n| 4.3.1 | no GraphQL |\n').problems,
    ).toEqual([]);
  });
});

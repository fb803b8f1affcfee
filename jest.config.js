// One Jest config, four projects. `npm test` (tools/test.ts) runs them in order:
// unit (beside the code, no I/O), integration (real PostgreSQL/Redis/NATS, a fresh database),
// e2e (HTTP against the whole built stack) and browser (Chromium against the same stack).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.(ts|m?js)$': swc },
  // A few dependencies ship only ES modules, which Jest on Node 20 cannot require as they are
  // (openid-client brings oauth4webapi and jose 6, whose ES build is dist/webapi).
  transformIgnorePatterns: [
    '/node_modules/(?!(.*/)?(content-disposition|openid-client|oauth4webapi|jose/dist/webapi)/)',
  ],
  moduleNameMapper: {
    '^@kartlink/contracts/dto$': '<rootDir>/libs/contracts/src/dto/index.ts',
    '^@kartlink/(contracts|config|server-kit|infra|testing)$': '<rootDir>/libs/$1/src/index.ts',
    // What the stack's tests and tools may use of an app: its package's testing and tooling entries.
    '^@kartlink/(gateway|[a-z]+-service)/(testing|tooling)$': '<rootDir>/apps/$1/src/$2.ts',
  },
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{apps,libs}/*/src/**/*.spec.ts', '<rootDir>/tools/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs}/*/test/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/jest-global-setup.ts',
      globalTeardown: '<rootDir>/libs/testing/src/jest-global-teardown.ts',
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/stack-setup.ts',
      globalTeardown: '<rootDir>/test/stack-teardown.ts',
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
      globalSetup: '<rootDir>/test/stack-setup.ts',
      globalTeardown: '<rootDir>/test/stack-teardown.ts',
    },
  ],
};

import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

// The web app's layers, as in bulletproof-react: app → features → shared, never back up, and no
// feature reaches into another. What two features share moves down to components/, hooks/ or lib/.
const web = 'apps/web/src';
const webFeatures = readdirSync(new URL(`${web}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webShared = ['components', 'hooks', 'lib', 'styles'].map((dir) => `${web}/${dir}`);
const webTests = [`${web}/**/*.test.{ts,tsx}`, `${web}/test/**`];
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to a shared folder',
  })),
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'Features do not import the app layer (router, store, frame)',
  },
  {
    target: webShared,
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared code does not import features or the app layer',
  },
  {
    target: `${web}/test`,
    from: `${web}/features`,
    message: 'Shared test helpers do not import a feature: keep such a helper in its feature',
  },
  {
    target: `${web}/lib`,
    from: `${web}/components`,
    message: 'lib/ is logic without UI: it does not import components/',
  },
];
// Only tests use the test helpers; the app, features and shared code never do.
const webTestZones = [
  {
    target: [`${web}/app`, `${web}/features`, ...webShared],
    from: `${web}/test`,
    message: 'Only tests import the test helpers',
  },
  {
    target: [`${web}/app`, `${web}/features`, ...webShared],
    from: [`${web}/features/*/test/**`],
    message: "Only tests import a feature's test helpers",
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.nx/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    plugins: { '@nx': nx },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            // Apps are deployables: nothing imports them.
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:util'],
            },
            {
              sourceTag: 'type:feature',
              onlyDependOnLibsWithTags: ['type:feature', 'type:data-access', 'type:util'],
            },
            {
              sourceTag: 'type:data-access',
              onlyDependOnLibsWithTags: ['type:data-access', 'type:util'],
            },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
            // The browser app never pulls server code; servers never pull web code.
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
            {
              sourceTag: 'scope:server',
              onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'],
            },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...webZones, ...webTestZones] },
      ],
    },
  },
  {
    files: webTests,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webZones }],
    },
  },
  {
    files: ['**/*.cjs', 'jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // tools/ and the stack's tests use an app through its package's public entry (e.g.
    // @kartlink/media-service/testing) or a test helper, never the files of its src/.
    files: ['tools/**/*.{ts,mjs}', 'test/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/*/src', '**/apps/*/src/**'],
              message:
                "Import what an app offers through its package's entry (@kartlink/<app>/testing or /tooling) or a test helper, not its src/ files.",
            },
          ],
        },
      ],
      // A module named by a built string (import(join(...))) would slip past the rule above.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.type!="Literal"]',
          message:
            'Import a module by its literal name, so the boundary rule can see it: an app through its package entry.',
        },
      ],
    },
  },
  prettier,
);

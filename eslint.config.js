// ESLint for the whole repository (`npm run lint`, part of `npm run typecheck`). Flat config:
// typescript-eslint's recommended rules everywhere, React hooks and jsx-a11y in the web app, and
// the import directions as import-x zones (backing scripts/check-imports.mjs, which also refuses
// cycles between server modules). Formatting is Prettier's: eslint-config-prettier
// turns off every rule it covers. docs/decisions.md, "Versions, lint and format".
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = dirname(fileURLToPath(import.meta.url));
const folders = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const web = 'apps/web/src';
const server = 'apps/server/src';
const features = folders(`${web}/features`);
const modules = folders(`${server}/modules`);

/** The import directions (import-x/no-restricted-paths resolves each import to its file first). */
const zones = [
  { target: 'packages/domain', from: ['apps', 'e2e', 'scripts'], message: 'The domain imports nothing of the apps.' },
  { target: 'apps/server', from: 'apps/web', message: 'The server never imports the web.' },
  { target: 'apps/web', from: 'apps/server', message: 'The web never imports the server.' },
  {
    target: [`${web}/ui`, `${web}/api`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared pieces (ui/, api/) never import features or the app.',
  },
  { target: `${web}/api`, from: `${web}/ui`, message: 'api/ imports nothing of ui/ (src/api/README.md).' },
  { target: `${web}/ui`, from: `${web}/api`, message: 'ui/ never fetches: it imports nothing of api/ (src/ui/README.md).' },
  { target: `${web}/features`, from: `${web}/app`, message: 'Features never import the app shell.' },
  ...features.map((f) => ({
    target: `${web}/features/${f}`,
    from: `${web}/features`,
    except: [`./${f}`],
    message: 'Features never import each other: shared data moves to src/api, shared components to src/ui.',
  })),
  ...modules.map((m) => ({
    target: `${server}/modules/${m}`,
    from: `${server}/modules`,
    except: [`./${m}`, ...modules.filter((o) => o !== m).map((o) => `./${o}/index.ts`)],
    message: 'A server module reaches another only through its index.ts.',
  })),
  { target: [`${server}/platform`, `${server}/db`], from: `${server}/modules`, message: 'Platform and db never import modules.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/build/',
      '**/coverage/',
      'test-results/',
      'playwright-report/',
      'data/',
      'apps/server/src/db/migrations/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are errors, except `_`-prefixed ones and the rest siblings of a destructuring
      // that leaves a field out on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // `import type` for what only types use (the tree's style; the bundler then drops nothing by guesswork).
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['import', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@clinic/domain',
              message: 'The web imports @clinic/domain by subpath (@clinic/domain/contracts/x), never the barrel: docs/decisions.md.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: [`${web}/**/*.tsx`],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling region (a wide table on a narrow screen) must take the focus so that keyboard
      // users can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
  {
    // Tests may reach into loose shapes.
    files: ['**/*.test.ts', '**/*.fixtures.ts', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  prettier,
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { noLiteralUiText } from './scripts/lint/no-literal-ui-text.js';
import { noProseInTs } from './scripts/lint/no-prose-in-ts.js';
import { noFormatComparison } from './scripts/lint/no-format-comparison.js';
import { I18N_NON_UI_TS_FILES, I18N_PENDING_FILES, I18N_PENDING_TS_FILES } from './scripts/lint/i18n-pending-files.js';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Layers, lowest first: a layer imports only layers below it (and itself), so arrows point down.
 * Browser: lib (no words, no React state of its own) → i18n (words; reads lib's stores) → hooks →
 * components (features and app sit above all four, zones below). Server: security → observability
 * (metrics, readiness: it is handed its probes) → proxy and gateway (two backends, side by side:
 * neither imports the other); the top files (create-api.ts, start.ts) compose them. Code a lower
 * layer needs from a higher one is passed in as a parameter, or the code moves up.
 */
function layerZones(root, layers) {
  const names = layers.map((layer) => [layer].flat());
  return names.flatMap((group, i) => {
    const above = names.slice(i + 1).flat();
    if (above.length === 0 && group.length === 1) return [];
    return group.map((name) => {
      const from = [...above, ...group.filter((other) => other !== name)].map((dir) => `${root}/${dir}`);
      return {
        target: `${root}/${name}`,
        from,
        message: `${root.slice(2)}/${name} must not import a layer above it or beside it (layers, lowest first: ${names
          .map((g) => g.join(' | '))
          .join(' → ')}): pass what it needs in as a parameter, or move the code to the layer that owns it.`,
      };
    });
  });
}

const boundaryZones = [
  // The contract is the only thing the browser and the server share.
  { target: './src', from: './server', message: 'The browser app must not import server code.' },
  {
    target: './server',
    from: './src',
    except: ['./contract'],
    message: 'The server may import only src/contract from the browser tree.',
  },
  { target: './src/contract', from: './src', except: ['./contract'], message: 'The contract stands alone.' },
  // Features never import each other; shared folders never import features or app.
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'Features must not import each other; compose them in src/app.',
  })),
  // src/app composes features; a feature that reached back into it would make a circle of layers.
  { target: './src/features', from: './src/app', message: 'Features must not import src/app: the app composes them, not the other way.' },
  ...['components', 'hooks', 'i18n', 'lib', 'config', 'utils', 'testing'].flatMap((dir) =>
    ['./src/features', './src/app'].map((from) => ({
      target: `./src/${dir}`,
      from,
      // The keys' types come from every English catalog, features' too (src/i18n/english-catalogs.ts): data, not code.
      except: dir === 'i18n' && from === './src/features' ? features.map((f) => `./${f}/messages/en.json`) : [],
      message: 'Shared code must not import features or app.',
    })),
  ),
];

/**
 * Concepts: a folder directly inside a feature that has an index.ts (or index.tsx) is a concept (speech/lexicon,
 * tasks/polling…): it keeps its components, hooks, model and store together, and the rest of the feature
 * (other concepts, the page at the feature's root) reaches it only through that index, its public face.
 * Inside a concept, files import each other freely.
 */
function conceptZones(feature) {
  const root = new URL(`./src/features/${feature}/`, import.meta.url);
  const dirs = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const indexOf = (dir) => readdirSync(new URL(`${dir}/`, root)).find((name) => name === 'index.ts' || name === 'index.tsx');
  return dirs.flatMap((concept) => {
    const index = indexOf(concept.name);
    if (!index) return [];
    const others = dirs.filter((dir) => dir.name !== concept.name).map((dir) => `./src/features/${feature}/${dir.name}`);
    return [
      {
        target: [`./src/features/${feature}/*.{ts,tsx}`, ...others],
        from: `./src/features/${feature}/${concept.name}`,
        except: [`./${index}`],
        message: `Import ${feature}/${concept.name} through its index (${feature}/${concept.name}/${index}): it is the concept's public face; export what you need from there.`,
      },
    ];
  });
}

// Production code only: a test is a consumer like the composition root (a header test may build the
// whole server to check it), so tests may import any layer.
const layeredZones = [
  ...layerZones('./src', ['lib', 'i18n', 'hooks', 'components']),
  ...layerZones('./server', ['security', 'observability', ['proxy', 'gateway']]),
  ...features.flatMap(conceptZones),
];

// Test scaffolding lives in marked homes that only tests, e2e and scripts may import.
const scaffoldingZones = [
  {
    target: ['./server', './src'],
    from: ['./server/testing', './scripts/lib', './src/testing', ...features.map((feature) => `./src/features/${feature}/testing`)],
    message: 'Production code must not import test scaffolding.',
  },
];
const testFiles = ['**/*.test.ts', '**/*.test.tsx', 'server/testing/**', 'src/testing/**', 'src/features/*/testing/**'];

// A hook lives in a file named for it (use-….ts(x), beside the rest of its concept) or in a hooks/ folder, and
// such a file or folder holds only hooks. An api/ endpoint file may export its query hook beside its fetcher and
// queryOptions (one file per endpoint). A concept's index.ts re-exports its public face, hooks included.
const hookName = '/^use[A-Z]/';
const exportsHook = [
  `ExportNamedDeclaration > FunctionDeclaration[id.name=${hookName}]`,
  `ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[id.name=${hookName}]`,
  `ExportSpecifier[exported.name=${hookName}]`,
  `ExportDefaultDeclaration > FunctionDeclaration[id.name=${hookName}]`,
];
const hookOutsideHooks = exportsHook.map((selector) => ({
  selector,
  message: 'A module exporting a React hook (use…) is named for it (use-….ts or .tsx) or sits in a hooks/ folder.',
}));
const nonHookInHooks = {
  selector: `Program:not(:has(${exportsHook.join(', ')}))`,
  message: 'A use-… file or a hooks/ folder holds only hooks: this module exports no use… function; rename or move it.',
};
const hookFolderRules = [
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      ...testFiles,
      'src/hooks/**',
      'src/features/*/hooks/**',
      'src/features/*/api/**',
      'src/**/use-*.{ts,tsx}',
      'src/features/*/*/index.{ts,tsx}',
    ],
    rules: { 'no-restricted-syntax': ['error', ...hookOutsideHooks] },
  },
  {
    files: ['src/hooks/**/*.{ts,tsx}', 'src/features/*/hooks/**/*.{ts,tsx}', 'src/**/use-*.{ts,tsx}'],
    ignores: testFiles,
    rules: { 'no-restricted-syntax': ['error', nonHookInHooks] },
  },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', '.data', 'test-results', 'playwright-report', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    // The legacy `resolver: { node }` setting needs eslint-import-resolver-node, which is not
    // installed, and crashed on packages like vite; the built-in resolver needs nothing.
    settings: {
      // import-x reads only '.js' files unless told otherwise: without these two settings it
      // parsed no .ts/.tsx/.mjs file, so the import rules saw no imports (no zone could fail).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'], espree: ['.js', '.mjs'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          // Without the alias, imports spelled '@/…' were unresolved and so escaped every zone.
          alias: { '@': [fileURLToPath(new URL('./src', import.meta.url))] },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // No import-x/no-cycle: scripts/check-import-circles.mjs (in `npm run lint`) finds every circle it would, and the
      // ones through `import type` it cannot, in about a second; the rule was 43 % of eslint's time (TIMING=1).
      'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, ...layeredZones, ...scaffoldingZones] }],
    },
  },
  // React lives only in src/ (the server may import only src/contract, which has none): the hooks rules, whose
  // compiler-based ones were a third of eslint's time, need not read server/, scripts/ or e2e/.
  { files: ['src/**/*.{ts,tsx,mjs}'], rules: reactHooks.configs.recommended.rules },
  {
    files: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones }] },
  },
  ...hookFolderRules,
  // Words for people come from the message catalogs (docs/i18n.md); files not converted yet are listed.
  {
    files: ['src/**/*.tsx'],
    ignores: [...testFiles, ...I18N_PENDING_FILES],
    plugins: { i18n: { rules: { 'no-literal-ui-text': noLiteralUiText } } },
    rules: { 'i18n/no-literal-ui-text': 'error' },
  },
  // …and in .ts files: a literal English sentence (3+ words) is prose a person may read.
  {
    files: ['src/**/*.ts'],
    ignores: [...testFiles, '**/*.d.ts', ...I18N_PENDING_TS_FILES, ...Object.keys(I18N_NON_UI_TS_FILES)],
    plugins: { 'i18n-ts': { rules: { 'no-prose-in-ts': noProseInTs } } },
    rules: { 'i18n-ts/no-prose-in-ts': 'error' },
  },
  // A per-format decision is a Record over the format list or an exhaustive switch, never `format === 'mp3'`.
  {
    files: ['src/**/*.{ts,tsx,mjs}', 'server/**/*.{ts,mjs}'],
    ignores: testFiles,
    plugins: { formats: { rules: { 'no-format-comparison': noFormatComparison } } },
    rules: { 'formats/no-format-comparison': 'error' },
  },
);

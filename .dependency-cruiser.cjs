// Import boundaries of the monorepo, checked in CI by `npm run check:boundaries` (issue 13).
// The order of packages/core/src's folders comes from scripts/core-layout/layout.json (lowest first).
const { readFileSync } = require('node:fs');
const path = require('node:path');

const { order } = JSON.parse(readFileSync(path.join(__dirname, 'scripts/core-layout/layout.json'), 'utf8'));
const FOLDERS = order.join('|');
const CORE = '^packages/core/src/';
const TESTS = '\\.test(-d)?\\.ts$';

/**
 * A folder never imports one after it in the order. Tests are exempt: nothing imports a test, so it
 * cannot close a cycle, and some drive their subject through the engine (score-turn, speaker-focus).
 */
const folderOrder = order.slice(0, -1).map((folder, index) => ({
  name: `core-order-${folder}`,
  comment: `core/src/${folder}/ comes before ${order.slice(index + 1).join(', ')} in scripts/core-layout/layout.json: it must not import them`,
  severity: 'error',
  from: { path: `${CORE}${folder}/`, pathNot: TESTS },
  to: { path: `${CORE}(${order.slice(index + 1).join('|')})/` },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle in any package, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...folderOrder,
    {
      name: 'core-folder-via-index',
      comment: 'A core folder imports another folder only through its index.ts.',
      severity: 'error',
      from: { path: `${CORE}(${FOLDERS})/` },
      to: { path: `${CORE}(${FOLDERS})/`, pathNot: [`${CORE}$1/`, `${CORE}(${FOLDERS})/index\\.ts$`] },
    },
    {
      name: 'core-outside-via-index',
      comment: 'The package entry, src/testing, src/test-support and bench/ reach a core folder only through its index.ts.',
      severity: 'error',
      from: { path: '^packages/core/', pathNot: `${CORE}(${FOLDERS})/` },
      to: { path: `${CORE}(${FOLDERS})/`, pathNot: `${CORE}(${FOLDERS})/index\\.ts$` },
    },
    {
      name: 'core-no-test-support-in-source',
      comment: 'Shipped core code does not import the test helpers.',
      severity: 'error',
      from: { path: `${CORE}(${FOLDERS})/`, pathNot: TESTS },
      to: { path: `${CORE}test-support/` },
    },
    {
      name: 'core-no-io',
      comment: 'Core is pure: no node: built-ins (fs, net, child_process, …) outside tests and bench/.',
      severity: 'error',
      from: { path: CORE, pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-no-framework',
      comment: 'Core depends on no framework: its shipped code imports only gpt-tokenizer (src/testing may import vitest, an optional peer).',
      severity: 'error',
      from: { path: CORE, pathNot: [TESTS, `${CORE}(testing|test-support)/`] },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'], pathNot: 'node_modules/gpt-tokenizer/' },
    },
    {
      name: 'adapters-public-core-only',
      comment: 'Other packages and the examples import @cairn/core (or @cairn/core/testing), never a deep path.',
      severity: 'error',
      from: { path: '^(packages/(?!core/)[^/]+|examples/[^/]+)/' },
      to: { path: '^packages/core/', pathNot: '^packages/core/src/(index|testing/index)\\.ts$' },
    },
    {
      name: 'adapters-no-deep-core-specifier',
      comment: 'A deep @cairn/core/… specifier (not in its exports) does not resolve; forbid it explicitly.',
      severity: 'error',
      from: { path: '^(packages|examples)/' },
      to: { couldNotResolve: true, path: '^@cairn/core/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(packages|examples)/[^/]+/(node_modules|dist|coverage)/' },
    // Type-only imports count (a type cycle is still a cycle).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    // Workspace packages resolve to their sources, as vitest and tsx see them.
    enhancedResolveOptions: {
      conditionNames: ['@cairn/source', 'import', 'types', 'default'],
      exportsFields: ['exports'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

/**
 * Import boundaries (docs/architecture.md, "Layers and the direction of dependencies"),
 * checked by `npm run lint` with dependency-cruiser:
 *
 *   shared ← db ← server        shared ← client
 *
 * `npm run deps:graph` renders the layer graph into docs/architecture.md.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      comment:
        'src/shared runs in the browser and on the server: it may import only zod and other src/shared files ' +
        '(test files may also use vitest and fast-check).',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: {
        pathNot: ['^src/shared/', '(^|/)node_modules/zod/', '(^|/)node_modules/(vitest|fast-check|@vitest)/'],
      },
    },
    {
      name: 'shared-test-deps-only-in-tests',
      comment: 'vitest and fast-check are for src/shared test files only.',
      severity: 'error',
      from: { path: '^src/shared/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '(^|/)node_modules/(vitest|fast-check|@vitest)/' },
    },
    {
      name: 'db-below-server',
      comment:
        'src/db must not import src/server or src/client (dependency direction is shared ← db ← server).',
      severity: 'error',
      from: { path: '^src/db/' },
      to: { path: '^src/(server|client)/' },
    },
    {
      name: 'server-never-imports-client',
      comment: 'src/server must not import src/client (the server never depends on browser code).',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'client-never-imports-db',
      comment: 'src/client must not import src/db (the browser talks to the database only through /api).',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/db/' },
    },
    {
      name: 'client-imports-server-types-only',
      comment:
        "src/client may import src/server only with 'import type' (the typed API client); server code must not reach the bundle.",
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/server/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'client-features-are-independent',
      comment:
        'A client feature must not import another feature: compose them in a route (src/client/app) or move the shared part to components/ or lib/.',
      severity: 'error',
      from: { path: '^src/client/features/([^/]+)/' },
      to: { path: '^src/client/features/([^/]+)/', pathNot: '^src/client/features/$1/' },
    },
    {
      name: 'server-features-are-independent',
      comment:
        'A server feature may use another only through its public module (<feature>/index.ts or the files listed here); keep cross-feature calls visible.',
      severity: 'ignore',
      from: { path: '^src/server/features/([^/]+)/' },
      to: { path: '^src/server/features/([^/]+)/', pathNot: '^src/server/features/$1/' },
    },
    {
      name: 'no-circular-between-layers',
      comment: 'A cycle that crosses a layer boundary means a dependency points the wrong way.',
      severity: 'error',
      from: { path: '^src/(shared|db)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Resolve as Node does for a symlinked node_modules (the rules' own test uses one).
    preserveSymlinks: true,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    exclude: { path: '^(dist|data)/' },
    reporterOptions: {
      dot: {
        collapsePattern: '^src/(shared|db|server|client)/',
      },
    },
  },
};

/**
 * The server's layers (docs/architecture.md, "Layers"), checked by `npm run lint`: a layer imports only itself and
 * the layers below it (and contract/, i18n/, packages), and the modules (server/modules/<m>/) form no cycle, neither
 * two importing each other nor a longer round. Lowest first; app.ts, main.ts, seed.ts and the commands (the other
 * files of server/) are above them all, and no layer imports them.
 */
const layers = [
  ['kernel', '^server/(config|i18n|siteHost)\\.ts$'],
  ['db', '^server/db/'],
  ['adapters', '^server/adapters/'],
  ['http', '^server/(http/|deps\\.ts$)'],
  ['workers', '^server/workers/'],
  ['shared', '^server/shared/'],
  ['modules', '^server/modules/'],
  ['entities', '^server/entities/'],
  ['public', '^server/public/'],
  ['jobs', '^server/jobs/'],
];

/** Each layer may import itself and the layers below it; anything else of server/ is above it. */
const layerRules = layers.map(([name, path], i) => ({
  name: `layer-${name}`,
  comment: `server/ layer "${name}" imports only ${['itself', ...layers.slice(0, i).map(([n]) => n)].join(', ')}`,
  severity: 'error',
  from: { path },
  to: { path: '^server/', pathNot: layers.slice(0, i + 1).map(([, p]) => p) },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'no-module-cycles',
      comment:
        'Modules form no cycle: move the shared piece to the lower module or layer, or pass it in at start-up',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/modules/[^/]+' },
      to: { path: '^server/modules/[^/]+', circular: true },
    },
    {
      name: 'no-tables-aggregate',
      comment:
        'A module imports the schema.ts of the module owning a table; server/modules/tables.ts (every table) is for the layers above the modules, the tests and the benchmarks',
      severity: 'error',
      from: { path: layers.slice(0, layers.findIndex(([name]) => name === 'modules') + 1).map(([, p]) => p) },
      to: { path: '^server/modules/tables\\.ts$' },
    },
    {
      name: 'no-unresolvable',
      comment: 'Every import resolves to a file or a package (so that none escapes the rules above)',
      severity: 'error',
      from: { path: '^server/' },
      to: { couldNotResolve: true, pathNot: '^node:' },
    },
  ],
  options: {
    // server/ is cruised; what it imports from contract/, i18n/ and packages is seen but not followed.
    doNotFollow: { path: ['node_modules', '^contract/', '^i18n/'] },
    parser: 'swc',
    tsPreCompilationDeps: true,
    moduleSystems: ['es6'],
    enhancedResolveOptions: {
      extensions: ['.ts', '.mjs', '.js', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};

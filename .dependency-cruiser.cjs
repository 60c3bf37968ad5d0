// The layer rules (docs/architecture.md), checked by dependency-cruiser in
// `npm run lint`. Paths are repository paths after the tsconfig aliases are
// resolved; type-only imports count like any other.
/** @type {import('dependency-cruiser').IConfiguration} */
const SERVER_PACKAGES =
  '^node_modules/(koa|koa-[^/]+|@koa/[^/]+|knex|knex-pglite|pg|ioredis|bcrypt|tsyringe|pino|rate-limiter-flexible|@electric-sql/[^/]+|nodemailer|prom-client)/';

module.exports = {
  forbidden: [
    {
      name: 'domain-stands-alone',
      comment: 'domain/ imports nothing outside domain/: no package, no Node, no other layer.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { pathNot: '^domain/' },
    },
    {
      name: 'application-needs-only-the-domain',
      comment: 'application/ imports only domain/ and application/: no framework, driver or Node module.',
      severity: 'error',
      from: { path: '^application/' },
      to: { pathNot: '^(domain|application)/' },
    },
    {
      name: 'contract-bundles-small',
      comment: 'The wire contract imports only zod/mini and domain/, so the client can bundle it small.',
      severity: 'error',
      from: { path: '^adapters/http/contract/' },
      to: { pathNot: '^(domain/|adapters/http/contract/|node_modules/zod/)' },
    },
    {
      name: 'contract-uses-zod-mini',
      comment: 'Of zod, the contract takes zod/mini only (the full zod would double the client).',
      severity: 'error',
      from: { path: '^adapters/http/contract/' },
      to: { path: '^node_modules/zod/', pathNot: '/mini/' },
    },
    {
      name: 'web-is-the-client',
      comment:
        'web/ (the client and its service worker) imports packages, itself, domain/ and the wire contract: nothing else of the server, no Node module.',
      severity: 'error',
      from: { path: '^web/(src|service-worker)/' },
      to: { path: `^(application/|migrations/|tests/|adapters/(?!http/contract/))|${SERVER_PACKAGES}` },
    },
    {
      name: 'web-runs-in-a-browser',
      comment: 'web/ runs in a browser: no Node built-in module.',
      severity: 'error',
      from: { path: '^web/(src|service-worker)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'features-stand-apart',
      comment: 'A client feature imports no other feature (pages compose them).',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'shared-client-code-knows-no-feature',
      comment: 'Shared client code (components, lib) imports no feature and not the app.',
      severity: 'error',
      from: { path: '^web/src/(components|lib)/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'source-never-imports-tests',
      comment: 'Product code never imports test code.',
      severity: 'error',
      from: { path: '^(domain|application|adapters|web|migrations)/' },
      to: { path: '^tests/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|tests/\\.artifacts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};

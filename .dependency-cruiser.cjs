// The import rule of ARCHITECTURE.md ("imports only run downward"), checked by
// test/system/architecture.test.ts inside `npm test`. Paths are relative to the cruise's base directory,
// so the same rules run over src/ and over the fixture tree that proves they bite.
//
//   main.ts -> app.ts (composition root)
//   api/ live/ poller/            the doors
//   station/                      the domain: services, model, ports, input contract
//   limits/                       one limits policy
//   store/memory store/redis      implement the domain's ports
//   http/                         the radio-agnostic uWS edge
//   config/ errors.ts error-answer.ts validation/ redis/ net/ logger.ts   the bottom

const DOORS = '^src/(api|live|poller)/';
const EDGE = '^src/http/';
const BOTTOM = '^src/(config/|errors[.]ts$|error-answer[.]ts$|validation/|redis/|net/|logger[.]ts$)';
// Packages the domain must not know: the HTTP server, the socket server, Redis, the scheduler.
const INFRASTRUCTURE_PACKAGES = '(^|/)node_modules/(uWebSockets[.]js|socket[.]io|@socket[.]io/[^/]+|redis|@redis/[^/]+|node-cron)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle means two modules are one module in two files, or a rule lives in two rooms.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import the cruiser cannot resolve is an import it cannot check.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'lower-layers-not-to-doors-or-edge',
      comment: 'store/, config/ and limits/ sit below the doors and know nothing of HTTP, sockets or the poller.',
      severity: 'error',
      from: { path: '^src/(store|config|limits)/' },
      to: { path: `${DOORS}|${EDGE}` },
    },
    {
      name: 'live-and-poller-not-to-api',
      comment:
        'The live door and the poller reach the domain directly, never through the REST door; like every door they may use the http/ edge below them (ARCHITECTURE.md: SSE is a stream route of the edge).',
      severity: 'error',
      from: { path: '^src/(live|poller)/' },
      to: { path: `^src/api/` },
    },
    {
      name: 'domain-not-to-doors-edge-or-store',
      comment: 'The domain owns its ports; the doors call it, and the stores implement its ports and are injected.',
      severity: 'error',
      from: { path: '^src/station/' },
      to: { path: `${DOORS}|${EDGE}|^src/store/|^src/redis/` },
    },
    {
      name: 'domain-not-to-infrastructure',
      comment: 'The domain never imports uWS, Socket.IO, Redis or node-cron (types included).',
      severity: 'error',
      from: { path: '^src/station/' },
      to: { path: INFRASTRUCTURE_PACKAGES },
    },
    {
      name: 'bottom-only-to-bottom',
      comment: 'config/, errors.ts, error-answer.ts, validation/, redis/, net/ and logger.ts import only each other.',
      severity: 'error',
      from: { path: BOTTOM },
      to: { path: '^src/', pathNot: BOTTOM },
    },
    {
      name: 'composition-root-on-top',
      comment: 'Only main.ts may import app.ts, and nothing imports main.ts.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/main[.]ts$' },
      to: { path: '^src/(app|main)[.]ts$' },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    // `import type` counts: a type import from a higher layer is still a dependency on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};

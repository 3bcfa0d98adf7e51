// The layer order of ARCHITECTURE.md ("Layering: ports and adapters, imports only downward"), checked
// by test/system/architecture.test.ts inside `npm test`. Paths are relative to the cruise's base
// directory, so the same rules run over src/ and over the fixture tree that proves each one bites.
//
//   main.ts -> app.ts (-> app-backends.ts)   the composition root: may import anything
//   worker-group.ts                          main's supervisor of one hub per core (server.workers)
//   api/ live/ poller/                       the doors (the web pages are served from api/web/)
//   store/ webhooks/ payments/ artwork/      adapters: implement the domain's ports, so above it
//   station/                                 the domain
//   limits/                                  client identity, budgets, caps
//   http/                                    the uWS edge: only the doors (and the root) use it
//   config/ messages/ errors.ts error-answer.ts deep-freeze.ts trouble-fold.ts validation/ redis/ metrics/ net/ logger.ts
//                                            the ground floor
//
// Each layer imports only itself and the layers below it (one rule per layer, so an import breaks
// at most one), narrowed twice: http/ is for the doors alone (nothing below a door imports it), and
// within the doors and within the adapters each folder is a room of its own (a door does not call
// another door; an adapter does not reach into another adapter). The ground floor's modules may
// import each other. The composition root is above every layer, so every rule keeps the others off it.

const ROOT = '^src/(main|app|app-backends|worker-group)[.]ts$';
const DOORS = '^src/(api|live|poller)/';
const ADAPTERS = '^src/(store|webhooks|payments|artwork)/';
const DOMAIN = '^src/station/';
const LIMITS = '^src/limits/';
const EDGE = '^src/http/';
const GROUND_FLOOR = '^src/(config/|messages/|errors[.]ts$|error-answer[.]ts$|deep-freeze[.]ts$|trouble-fold[.]ts$|validation/|redis/|metrics/|net/|logger[.]ts$)';
const LAYERED = [ROOT, DOORS, ADAPTERS, DOMAIN, LIMITS, EDGE, GROUND_FLOOR].join('|');
// Packages the domain must not know: the HTTP server, the socket server, Redis, the scheduler.
const INFRASTRUCTURE_PACKAGES = '(^|/)node_modules/(uWebSockets[.]js|socket[.]io|@socket[.]io/[^/]+|redis|@redis/[^/]+|node-cron)/';

/** What a layer may import besides itself: the layers below it (a dependency-cruiser pathNot). */
const below = (...layers) => layers.join('|');

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
      name: 'every-module-in-a-layer',
      comment: 'A module outside every layer is outside the rule: name its layer here (and in ARCHITECTURE.md) first.',
      severity: 'error',
      from: {},
      to: { path: '^src/', pathNot: LAYERED },
    },
    {
      name: 'doors-only-downward',
      comment: 'A door uses the adapters, the domain, limits/, http/ and the ground floor; never another door.',
      severity: 'error',
      from: { path: DOORS },
      to: { path: LAYERED, pathNot: below('^src/$1/', ADAPTERS, DOMAIN, LIMITS, EDGE, GROUND_FLOOR) },
    },
    {
      name: 'adapters-only-downward',
      comment: "An adapter implements the domain's ports: it knows the domain, limits/ and the ground floor; no door, no http/, no other adapter.",
      severity: 'error',
      from: { path: ADAPTERS },
      to: { path: LAYERED, pathNot: below('^src/$1/', DOMAIN, LIMITS, GROUND_FLOOR) },
    },
    {
      name: 'domain-only-downward',
      comment: 'The domain owns its ports: it uses limits/ and the ground floor; the doors call it and the adapters are injected.',
      severity: 'error',
      from: { path: DOMAIN },
      to: { path: LAYERED, pathNot: below(DOMAIN, LIMITS, GROUND_FLOOR) },
    },
    {
      name: 'domain-not-to-infrastructure',
      comment: 'The domain never imports uWS, Socket.IO, Redis (nor our Redis connections) or node-cron, types included.',
      severity: 'error',
      from: { path: DOMAIN },
      to: { path: `${INFRASTRUCTURE_PACKAGES}|^src/redis/` },
    },
    {
      name: 'limits-only-downward',
      comment: 'limits/ sits under the domain and beside no door: it uses only the ground floor (not even http/).',
      severity: 'error',
      from: { path: LIMITS },
      to: { path: LAYERED, pathNot: below(LIMITS, GROUND_FLOOR) },
    },
    {
      name: 'http-only-to-ground-floor',
      comment: 'http/ is the radio-agnostic edge: it knows the ground floor only, never limits/, the domain or a door.',
      severity: 'error',
      from: { path: EDGE },
      to: { path: LAYERED, pathNot: below(EDGE, GROUND_FLOOR) },
    },
    {
      name: 'ground-floor-only-to-ground-floor',
      comment: 'config/, errors.ts, error-answer.ts, deep-freeze.ts, trouble-fold.ts, validation/, redis/, metrics/, net/ and logger.ts import only each other.',
      severity: 'error',
      from: { path: GROUND_FLOOR },
      to: { path: LAYERED, pathNot: GROUND_FLOOR },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    // `import type` counts: a type import from a higher layer is still a dependency on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};

import { resolve } from 'node:path';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

// The layer order (ARCHITECTURE.md, "Layering: ports and adapters") lives in .dependency-cruiser.cjs;
// this runs it over src/ and over a fixture tree that breaks each of its rules on purpose.
async function cruiseTree(baseDir: string): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  const tsConfig = extractTSConfig('tsconfig.json');
  // baseDir must be absolute: a relative one breaks the resolution of packages.
  const result = await cruise(['src'], { ...options, baseDir: resolve(baseDir) }, {}, { tsConfig });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser returned text, expected a result object');
  return result.output;
}

const describeViolation = (v: IViolation) => {
  const via = v.cycle ? ` (cycle: ${v.cycle.map((step) => step.name).join(' -> ')})` : '';
  return `${v.rule.name}: ${v.from} -> ${v.to}${via}`;
};

describe('the import rule', () => {
  it('holds for src/: no cycle, no import from a lower layer to a higher one', async () => {
    const result = await cruiseTree('.');
    // A rule that matched no file would pass vacuously: make sure the whole tree was read.
    expect(result.modules.filter((m) => m.source.startsWith('src/')).length).toBeGreaterThan(60);
    expect(result.summary.violations.map(describeViolation)).toEqual([]);
  });

  it('reports every kind of violation in the fixture tree, once each, and lets the allowed imports pass', async () => {
    const result = await cruiseTree('test/fixtures/layering');
    const found = result.summary.violations.map(describeViolation).sort();
    expect(found).toEqual([
      'adapters-only-downward: src/store/leaky-store.ts -> src/http/edge.ts',
      'adapters-only-downward: src/webhooks/reads-store.ts -> src/store/chat-store.ts',
      'domain-not-to-infrastructure: src/station/knows-redis.ts -> src/redis/connection.ts',
      `domain-not-to-infrastructure: src/station/socket-aware.ts -> ${socketIoPath(result)}`,
      'domain-only-downward: src/station/knows-store.ts -> src/store/chat-store.ts',
      'doors-only-downward: src/api/calls-live.ts -> src/live/feed.ts',
      'doors-only-downward: src/api/needs-root.ts -> src/app.ts',
      'every-module-in-a-layer: src/poller/uses-helper.ts -> src/helpers/strings.ts',
      'ground-floor-only-to-ground-floor: src/config/leaky-config.ts -> src/station/ranked.ts',
      'http-only-to-ground-floor: src/http/knows-domain-type.ts -> src/station/ranked.ts',
      'http-only-to-ground-floor: src/http/knows-limits.ts -> src/limits/budget.ts',
      'limits-only-downward: src/limits/knows-domain.ts -> src/station/ranked.ts',
      'limits-only-downward: src/limits/knows-edge.ts -> src/http/edge.ts',
      'no-circular: src/station/play-history.ts -> src/station/song-order.ts (cycle: src/station/song-order.ts -> src/station/play-history.ts)',
      'not-to-unresolvable: src/poller/half-written.ts -> ../station/not-written-yet.js',
    ]);
    // A type-only import (erased when compiled) is caught as any import is: the fixture's is one.
    const typeOnly = result.modules.find((m) => m.source === 'src/http/knows-domain-type.ts')?.dependencies.find((d) => d.resolved === 'src/station/ranked.ts');
    expect(typeOnly?.dependencyTypes).toContain('type-only');
    // Every rule of the configuration is proven to bite by at least one line above.
    const rules = (await extractDepcruiseOptions('./.dependency-cruiser.cjs')).ruleSet?.forbidden?.map((rule) => rule.name) ?? [];
    expect(rules.length).toBeGreaterThan(8);
    expect(rules.filter((name) => !found.some((line) => line.startsWith(`${name}: `)))).toEqual([]);
    // The files that import only what their layer may (the composition root, a door using every
    // layer below it, an adapter, the domain on limits/, limits/ and the edge on the ground floor).
    const allowed = [
      'src/main.ts',
      'src/app.ts',
      'src/api/chat-route.ts',
      'src/live/feed.ts',
      'src/store/chat-store.ts',
      'src/station/ranked.ts',
      'src/limits/budget.ts',
      'src/http/edge.ts',
      'src/config/settings.ts',
    ];
    for (const file of allowed) expect(result.modules.some((m) => m.source === file)).toBe(true);
    expect(result.summary.violations.filter((v) => allowed.includes(v.from))).toEqual([]);
  });
});

/** Where socket.io resolved from the fixture (node_modules is found by walking up). */
function socketIoPath(result: ICruiseResult): string {
  const socketAware = result.modules.find((m) => m.source === 'src/station/socket-aware.ts');
  const dependency = socketAware?.dependencies.find((d) => d.module === 'socket.io');
  if (!dependency) throw new Error('the fixture import of socket.io was not seen');
  return dependency.resolved;
}

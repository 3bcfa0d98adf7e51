import { resolve } from 'node:path';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

// The import rule (ARCHITECTURE.md, "imports only run downward") lives in .dependency-cruiser.cjs;
// this runs it over src/ and over a fixture tree that breaks it on purpose.
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

  it('reports a forbidden import, a cycle and a domain that knows Socket.IO (fixture tree)', async () => {
    const result = await cruiseTree('test/fixtures/layering');
    const found = result.summary.violations.map(describeViolation).sort();
    expect(found).toEqual([
      'bottom-only-to-bottom: src/config/leaky-config.ts -> src/station/song-order.ts',
      `domain-not-to-infrastructure: src/station/socket-aware.ts -> ${socketIoPath(result)}`,
      'lower-layers-not-to-doors-or-edge: src/store/leaky-store.ts -> src/http/edge.ts',
      'no-circular: src/station/play-history.ts -> src/station/song-order.ts (cycle: src/station/song-order.ts -> src/station/play-history.ts)',
    ]);
    // The door that imports the domain and the edge (src/api/chat-route.ts) is allowed.
    expect(found.filter((line) => line.includes('src/api/'))).toEqual([]);
  });
});

/** Where socket.io resolved from the fixture (node_modules is found by walking up). */
function socketIoPath(result: ICruiseResult): string {
  const socketAware = result.modules.find((m) => m.source === 'src/station/socket-aware.ts');
  const dependency = socketAware?.dependencies.find((d) => d.module === 'socket.io');
  if (!dependency) throw new Error('the fixture import of socket.io was not seen');
  return dependency.resolved;
}

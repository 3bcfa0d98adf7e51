import { readFileSync } from 'node:fs';
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { committedConfigTable, configRows, configTable } from '../../src/config/config-table.js';
import { ENV_OVERRIDES } from '../../src/config/env-overrides.js';
import { ConfigSchema } from '../../src/config/schema.js';

const docs = () => readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
const defaults = () => JSON.parse(readFileSync(new URL('../../config/default.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('the configuration table of docs/configuration.md', () => {
  it('is the one generated from src/config/schema.ts (run `npm run docs:config` when this fails)', () => {
    expect(committedConfigTable(docs()), 'docs/configuration.md differs from the schema: run `npm run docs:config`').toBe(configTable(ConfigSchema, defaults(), ENV_OVERRIDES));
  });

  it('has a described row for every key, with every environment variable and default', () => {
    const rows = configRows(ConfigSchema, defaults(), ENV_OVERRIDES);
    expect(rows.filter((row) => !row.description?.trim()).map((row) => row.key)).toEqual([]);
    // The three rateLimit keys the hand-written table once missed are there, with their defaults.
    expect(rows.filter((row) => row.key.startsWith('rateLimit.')).map((row) => [row.key, row.defaultValue ?? null])).toEqual([
      ['rateLimit.mobile', { limit: 100, windowSeconds: 3600 }],
      ['rateLimit.mobile.limit', 100],
      ['rateLimit.mobile.windowSeconds', 3600],
      ['rateLimit.chat', { limit: 5, windowSeconds: 10 }],
      ['rateLimit.chat.limit', 5],
      ['rateLimit.chat.windowSeconds', 10],
      ['rateLimit.sseOpens', { limit: 60, windowSeconds: 60 }],
      ['rateLimit.sseOpens.limit', 60],
      ['rateLimit.sseOpens.windowSeconds', 60],
      ['rateLimit.adminSignIn', { limit: 10, windowSeconds: 900 }],
      ['rateLimit.adminSignIn.limit', 10],
      ['rateLimit.adminSignIn.windowSeconds', 900],
      ['rateLimit.artwork', { limit: 600, windowSeconds: 3600 }],
      ['rateLimit.artwork.limit', 600],
      ['rateLimit.artwork.windowSeconds', 3600],
      ['rateLimit.paymentWebhook', { limit: 600, windowSeconds: 60 }],
      ['rateLimit.paymentWebhook.limit', 600],
      ['rateLimit.paymentWebhook.windowSeconds', 60],
      ['rateLimit.staffActions', { limit: 300, windowSeconds: 3600 }],
      ['rateLimit.staffActions.limit', 300],
      ['rateLimit.staffActions.windowSeconds', 3600],
      ['rateLimit.reports', { limit: 60, windowSeconds: 60 }],
      ['rateLimit.reports.limit', 60],
      ['rateLimit.reports.windowSeconds', 60],
      ['rateLimit.nowPlayingPush', { limit: 60, windowSeconds: 60 }],
      ['rateLimit.nowPlayingPush.limit', 60],
      ['rateLimit.nowPlayingPush.windowSeconds', 60],
      ['rateLimit.ipv6PrefixLength', 64],
      ['rateLimit.maxTrackedClients', 100_000],
    ]);
    expect(ENV_OVERRIDES.map((override) => rows.find((row) => row.key === override.path.join('.'))?.env)).toEqual(ENV_OVERRIDES.map((override) => override.variable));
    const table = configTable(ConfigSchema, defaults(), ENV_OVERRIDES);
    expect(table).toContain('| `server.port` | `PORT` | `8080` | integer 0–65,535 | HTTP port (`0` picks a free one) |');
  });

  it('takes a new key with a description and its default with nothing else to do, and refuses one without', () => {
    const extended = Type.Object({
      ...ConfigSchema.properties,
      replay: Type.Object(
        {
          enabled: Type.Boolean({ description: 'replays the last hour' }),
          node: Type.Union([Type.Object({ url: Type.String({ format: 'uri', description: 'where' }) }), Type.Null()], { description: 'a replay node' }),
        },
        { description: 'the replay service' },
      ),
    });
    const table = configTable(extended, { ...defaults(), replay: { enabled: false, node: null } }, ENV_OVERRIDES);
    expect(table).toContain('| **`replay`** |  |  |  | the replay service |');
    expect(table).toContain('| `replay.enabled` |  | `false` | `true`, `false` | replays the last hour |');
    expect(table).toContain('| **`replay.node`** |  | `null` | object or `null` | a replay node |');
    expect(table).toContain('| `replay.node.url` |  | – | URL | where |');

    const undescribed = Type.Object({ ...ConfigSchema.properties, replay: Type.Object({ enabled: Type.Boolean() }, { description: 'the replay service' }) });
    expect(() => configTable(undescribed, defaults(), ENV_OVERRIDES)).toThrow(/without a description.*: replay\.enabled$/);
  });

  it('lists each budget declared in the defaults, under its name, described by its `about`', () => {
    const budgets = { dedications: { limit: 30, windowSeconds: 60, per: 'client', about: 'dedications a client may read' } };
    const table = configTable(ConfigSchema, { ...defaults(), budgets }, ENV_OVERRIDES);
    expect(table).toContain('| **`budgets.dedications`** |  |  |  | dedications a client may read |');
    expect(table).toContain('| `budgets.dedications.limit` |  | `30` | integer 1–1,000,000,000 | requests per window |');
    expect(table).toContain('| `budgets.dedications.per` |  | `"client"` | `"client"`, `"staff"` |');
    expect(table).not.toContain('budgets.dedications.about');
  });
});

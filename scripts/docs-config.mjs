// Writes docs/configuration.md's table of settings from the config schema (src/config/config-table.ts),
// compiled by `tsc` just before (`npm run docs:config`). test/config/config-table.test.ts checks it.
import { readFileSync, writeFileSync } from 'node:fs';
import { configTable, withConfigTable } from '../dist/config/config-table.js';
import { ENV_OVERRIDES } from '../dist/config/env-overrides.js';
import { ConfigSchema } from '../dist/config/schema.js';

const docs = new URL('../docs/configuration.md', import.meta.url);
const defaults = JSON.parse(readFileSync(new URL('../config/default.json', import.meta.url), 'utf8'));
writeFileSync(docs, withConfigTable(readFileSync(docs, 'utf8'), configTable(ConfigSchema, defaults, ENV_OVERRIDES)));
console.log('docs/configuration.md: the settings table is written from src/config/schema.ts');

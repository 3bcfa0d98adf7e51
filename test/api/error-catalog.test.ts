import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOG, ERROR_REASONS } from '../../src/errors.js';

/**
 * The error table of docs/api.md's "API at a glance", as code -> status. A row may pair several
 * statuses with as many codes: "| 404 / 405 | `NOT_FOUND` / `METHOD_NOT_ALLOWED` | ... |".
 */
function readmeErrorTable(readme: string): Map<string, number> {
  const section = readme.split(/^## /m).find((part) => part.startsWith('API at a glance'));
  if (!section) throw new Error('docs/api.md has no "## API at a glance" section');
  const table = new Map<string, number>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    // A row is "", status, code, when, "": the header and the --- rule have no status number.
    const [, statusCell = '', codeCell = ''] = cells;
    if (!/^\d{3}( \/ \d{3})*$/.test(statusCell)) continue;
    const statuses = statusCell.split(' / ').map(Number);
    const codes = [...codeCell.matchAll(/`([A-Z_]+)`/g)].map((match) => match[1]!);
    if (codes.length !== statuses.length) throw new Error(`docs/api.md error row pairs ${statuses.length} statuses with ${codes.length} codes: ${line}`);
    codes.forEach((code, i) => {
      if (table.has(code)) throw new Error(`docs/api.md error table lists ${code} twice`);
      table.set(code, statuses[i]!);
    });
  }
  return table;
}

describe('the error catalog', () => {
  it('matches the error table of docs/api.md: every code with its status, and no other', () => {
    const readme = readmeErrorTable(readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8'));
    const catalog = new Map(Object.entries(ERROR_CATALOG).map(([code, entry]) => [code, entry.status as number]));
    expect(Object.fromEntries([...readme].sort())).toEqual(Object.fromEntries([...catalog].sort()));
  });
});

/** The reasons table of docs/api.md ("| Reason | Code | When |"), as reason -> code. */
function docsReasonTable(docs: string): Map<string, string> {
  const table = new Map<string, string>();
  for (const line of docs.split('\n')) {
    const match = /^\| `([a-z_]+)` \| `([A-Z_]+)` \|/.exec(line);
    if (!match) continue;
    if (table.has(match[1]!)) throw new Error(`docs/api.md reasons table lists ${match[1]} twice`);
    table.set(match[1]!, match[2]!);
  }
  return table;
}

describe('the refusal reasons', () => {
  it('match the reasons table of docs/api.md: every reason with its code, and no other', () => {
    const docs = docsReasonTable(readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8'));
    expect(Object.fromEntries([...docs].sort())).toEqual(Object.fromEntries(Object.entries(ERROR_REASONS).sort()));
  });
});

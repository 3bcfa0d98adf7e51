import { describe, expect, it } from 'vitest';
import { queryFields } from '../../src/http/query-fields.js';

// The edge splits a query without escapes by hand (src/http/query-fields.ts): every handler must
// see exactly the fields URLSearchParams would give it, whatever the text.

const reference = (raw: string) => Object.fromEntries(new URLSearchParams(raw));

/** A random query from pieces that matter to the split: separators, escapes, odd names, non-ASCII. */
function randomQuery(random: () => number): string {
  const pieces = ['a', 'events', '=', '&', '&&', '==', '%20', '%', '%zz', '+', 'é', '😀', '__proto__', 'constructor', 'toString', ',', ':', '?', '#', ''];
  let text = '';
  const length = Math.floor(random() * 12);
  for (let i = 0; i < length; i++) text += pieces[Math.floor(random() * pieces.length)]!;
  return text;
}

describe('the query fields handlers are given', () => {
  it('are what URLSearchParams reads, for the queries clients send and for odd ones', () => {
    const queries = [
      '',
      'events=nowplaying,chat:message',
      'lastEventId=1-0&events=chat:message',
      'a=1&a=2',
      'a',
      'a=',
      '=x',
      '&&a=1&&',
      'a=b=c',
      'q=two+words',
      'q=%E2%9C%93',
      'q=%zz',
      '__proto__=x',
      'constructor=1&toString=2',
      'ü=ö',
    ];
    for (const raw of queries) expect(queryFields(raw), raw).toStrictEqual(reference(raw));
  });

  it('are what URLSearchParams reads, for 5,000 generated queries', () => {
    let seed = 33;
    // A small deterministic generator: a failure names its query and can be replayed.
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 5000; i++) {
      const raw = randomQuery(random);
      expect(queryFields(raw), JSON.stringify(raw)).toStrictEqual(reference(raw));
    }
  });

  it('are a fresh object each time (validation may add defaults to it)', () => {
    const first = queryFields('events=chat:message');
    first.added = 'default';
    expect(queryFields('events=chat:message')).toStrictEqual({ events: 'chat:message' });
  });
});

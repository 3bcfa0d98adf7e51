// OneEntryMap must answer every call as a Map does: the same operations, in the same order, on
// both, compared after each step (sizes, lookups, iteration order), through the spill to a real Map.
import { describe, expect, it } from 'vitest';
import { OneEntryMap } from '../../src/live/one-entry-map.js';

type Op = ['set', unknown, string] | ['delete', unknown] | ['clear'];

function contents(map: Map<unknown, string>) {
  const seen: unknown[] = [];
  map.forEach((value, key, self) => seen.push([key, value, self === map]));
  return { size: map.size, entries: [...map], keys: [...map.keys()], values: [...map.values()], forEach: seen };
}

function replay(ops: Op[], probes: unknown[]) {
  const [ours, theirs] = [new OneEntryMap<unknown, string>(), new Map<unknown, string>()];
  for (const op of ops) {
    const answers = [ours, theirs].map((map) => {
      if (op[0] === 'set') return map.set(op[1], op[2]) === map;
      if (op[0] === 'delete') return map.delete(op[1]);
      map.clear();
      return undefined;
    });
    expect(answers[0]).toEqual(answers[1]);
    expect(contents(ours)).toEqual(contents(theirs));
    for (const key of probes) {
      expect(ours.has(key)).toBe(theirs.has(key));
      expect(ours.get(key)).toBe(theirs.get(key));
    }
  }
}

describe('OneEntryMap answers as a Map', () => {
  const keys = ['a', 'b', undefined, NaN, 0, -0, null];

  it('through set, replace, delete and clear in the one-entry form', () => {
    replay(
      [['set', 'a', '1'], ['set', 'a', '2'], ['delete', 'b'], ['delete', 'a'], ['delete', 'a'], ['set', undefined, '3'], ['set', NaN, '4'], ['clear'], ['set', 0, '5'], ['set', -0, '6']],
      keys,
    );
  });

  it('through a second entry (a real Map from then on), in insertion order', () => {
    replay([['set', 'b', '1'], ['set', 'a', '2'], ['set', NaN, '3'], ['delete', 'b'], ['set', 'b', '4'], ['clear'], ['set', null, '5'], ['set', 'a', '6']], keys);
  });

  it('for every sequence of a few operations on a few keys', () => {
    const ops: Op[] = [['set', 'a', 'x'], ['set', 'b', 'y'], ['set', 'a', 'z'], ['delete', 'a'], ['delete', 'b'], ['clear']];
    const sequences = (length: number): Op[][] => (length === 0 ? [[]] : sequences(length - 1).flatMap((start) => ops.map((op) => [...start, op])));
    for (const sequence of sequences(4)) replay(sequence, ['a', 'b', 'c']);
  });

  it('iterates live, as a Map does: an entry deleted while iterating is not visited, one added is', () => {
    for (const make of [() => new OneEntryMap<string, number>(), () => new Map<string, number>()]) {
      const map = make().set('a', 1);
      const visited: string[] = [];
      for (const key of map.keys()) {
        visited.push(key);
        if (key === 'a') map.set('b', 2);
      }
      expect(visited).toEqual(['a', 'b']);
      const emptied = make().set('a', 1);
      const iterator = emptied.values();
      emptied.delete('a');
      expect([...iterator]).toEqual([]);
    }
  });

  it('says it is a Map when printed', () => {
    expect(Object.prototype.toString.call(new OneEntryMap())).toBe('[object Map]');
  });
});

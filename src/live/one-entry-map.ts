/** Marks the one-entry form as empty (a key may be any value, undefined included). */
const NONE: unique symbol = Symbol('none');

/**
 * A Map that keeps one entry in two fields of its own and makes a real Map only for a second:
 * 48 bytes where an empty Map is ~0.19 KB (its hash table is allocated with room for four).
 * Socket.IO keeps three Maps for the life of every connection that almost always hold one entry
 * or none (socket-maps.ts). Answers as a Map answers, insertion order included; once it has held
 * two entries it stays a real Map (never shrinks back).
 */
export class OneEntryMap<K, V> implements Map<K, V> {
  private key: K | typeof NONE = NONE;
  private value: V | undefined = undefined;
  private many: Map<K, V> | null = null;

  get size(): number {
    if (this.many) return this.many.size;
    return this.key === NONE ? 0 : 1;
  }

  // On the prototype (below), not a field of every instance.
  declare readonly [Symbol.toStringTag]: string;

  has(key: K): boolean {
    if (this.many) return this.many.has(key);
    return this.key !== NONE && sameValueZero(this.key, key);
  }

  get(key: K): V | undefined {
    if (this.many) return this.many.get(key);
    return this.key !== NONE && sameValueZero(this.key, key) ? this.value : undefined;
  }

  set(key: K, value: V): this {
    if (this.many) this.many.set(key, value);
    else if (this.key === NONE || sameValueZero(this.key, key)) {
      this.key = key;
      this.value = value;
    } else {
      this.many = new Map([[this.key, this.value as V]]).set(key, value);
      this.key = NONE;
      this.value = undefined;
    }
    return this;
  }

  delete(key: K): boolean {
    if (this.many) return this.many.delete(key);
    if (!this.has(key)) return false;
    this.key = NONE;
    this.value = undefined;
    return true;
  }

  clear(): void {
    this.many?.clear();
    this.key = NONE;
    this.value = undefined;
  }

  /**
   * As a Map's iterator: live (an entry deleted before it is reached is not visited, one added
   * while iterating is), in insertion order. In the one-entry form that is its entry, read when
   * reached, then whatever a second set made (the real Map, less the entry already visited).
   */
  *entries(): MapIterator<[K, V]> {
    if (this.many) {
      yield* this.many.entries();
      return;
    }
    if (this.key === NONE) return;
    const visited = this.key;
    yield [visited, this.value as V];
    // The iteration resumes after the caller ran: it may have added a second entry meanwhile.
    const many = this.many as Map<K, V> | null;
    if (many) for (const entry of many) if (!sameValueZero(entry[0], visited)) yield entry;
  }

  *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }
}

Object.defineProperty(OneEntryMap.prototype, Symbol.toStringTag, { value: 'Map' });

/** Map's key equality (SameValueZero: NaN equals NaN, +0 equals -0). */
function sameValueZero(a: unknown, b: unknown): boolean {
  return a === b || (a !== a && b !== b);
}

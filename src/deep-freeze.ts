/**
 * Freezes a value in depth, so it can be shared (between requests, or as the process's settings)
 * instead of copied. An object already frozen is taken as frozen in depth (it came from here), so
 * a new state that shares parts of the last one freezes only what is new.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

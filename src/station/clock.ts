/** Milliseconds since the Unix epoch; injected so tests can stand at any moment. */
export type Clock = () => number;

export const systemClock: Clock = Date.now;

export const toUnixSeconds = (ms: number) => Math.floor(ms / 1000);

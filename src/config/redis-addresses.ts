import type { Config } from './schema.js';

const PORTS = '1-65535';

/**
 * What the schema cannot say about where Redis is: every port a real one (1-65535) and every
 * node a URL that parses, so "127.0.0.1:99999" stops the start with the setting named instead of
 * a hub answering 503 forever. Whether the servers there are what the settings say is asked at
 * start (redis/topology-probe.ts). Null when the addresses are sound.
 */
export function redisAddressProblem(redis: Config['redis']): string | null {
  if (redis.url) {
    const problem = urlProblem(redis.url);
    if (problem) return `redis.url: ${problem}`;
  }
  for (const [i, address] of (redis.sentinel?.sentinels ?? []).entries()) {
    const port = Number(address.slice(address.lastIndexOf(':') + 1));
    if (!validPort(port)) return `redis.sentinel.sentinels.${i}: "${address}": port ${port} is not a port (${PORTS})`;
  }
  for (const [i, node] of (redis.cluster?.nodes ?? []).entries()) {
    const problem = urlProblem(node);
    if (problem) return `redis.cluster.nodes.${i}: ${problem}`;
  }
  return null;
}

const validPort = (port: number) => Number.isInteger(port) && port >= 1 && port <= 65_535;

/** A Redis URL that does not parse, or names port 0 (the URL parser itself refuses ports over 65535). */
function urlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL (redis://host:port, with a port 1-65535)';
  }
  return parsed.port === '0' ? `port 0 is not a port (${PORTS})` : null;
}

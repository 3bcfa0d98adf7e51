import { createClient } from 'redis';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Redis the tests may use, or '' when none answers (then Redis suites skip, loudly). */
    redisUrl: string;
  }
}

async function reachable(url: string): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: 1500, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    if (client.isOpen) await client.close();
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  if (await reachable(url)) {
    project.provide('redisUrl', url);
    return;
  }
  // In CI the Redis suites are part of the contract: a missing Redis fails the run.
  if (process.env.CI) throw new Error(`CI=true but Redis at ${url} does not answer; .ci/run must provide one`);
  process.stdout.write(`\n[radio-hub tests] Redis at ${url} does not answer: the Redis suites are SKIPPED. Set REDIS_URL or start redis-server.\n\n`);
  project.provide('redisUrl', '');
}

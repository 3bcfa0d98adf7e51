import { createClient, ErrorReply } from 'redis';
import type { Logger } from 'pino';
import type { RedisTopology } from './redis-topology.js';

/**
 * How long the start-up probe waits for each server named in the settings (they are asked at
 * once, so this bounds the whole probe). A server that does not answer in time is an outage, not
 * a wrong setting: the hub starts anyway and rides it out as it always did.
 */
export const TOPOLOGY_PROBE_MS = 3000;

/** A Sentinel or Cluster setting that cannot work: the process must not start on it (main exits 1 with the message). */
export class RedisSettingError extends Error {
  override readonly name = 'RedisSettingError';
}

type Answer = { kind: 'reply'; reply: unknown } | { kind: 'refused'; message: string } | { kind: 'unreachable' };

/**
 * Asks each server a Sentinel or Cluster setting names whether it is what the setting says, once,
 * before the hub serves. Throws RedisSettingError naming the setting when a server answers that it
 * is not: a plain Redis named as a sentinel or as a Cluster node, or sentinels that monitor no
 * master of that name. Servers that do not answer within TOPOLOGY_PROBE_MS are left to the usual
 * outage handling (a warning here; 503 until they answer). One server: nothing to check.
 */
export async function probeTopology(topology: RedisTopology, log: Logger): Promise<void> {
  if (topology.kind === 'single') return;
  if (topology.kind === 'sentinel') {
    const answers = await Promise.all(
      topology.sentinels.map(({ host, port }) => ask({ host, port }, topology.sentinelUsername, topology.sentinelPassword, ['SENTINEL', 'GET-MASTER-ADDR-BY-NAME', topology.masterName])),
    );
    answers.forEach((answer, i) => {
      const { host, port } = topology.sentinels[i]!;
      if (answer.kind === 'refused') throw new RedisSettingError(`redis.sentinel.sentinels.${i}: ${host}:${port} ${refusal(answer.message, 'a Sentinel', 'SENTINEL')}`);
    });
    if (answers.some((answer) => answer.kind === 'reply' && answer.reply !== null)) return;
    if (answers.some((answer) => answer.kind === 'reply')) {
      throw new RedisSettingError(`redis.sentinel.masterName: the sentinels monitor no master named "${topology.masterName}" (see "sentinel monitor <name>" in their configuration)`);
    }
    log.warn({ sentinels: topology.sentinels.map(({ host, port }) => `${host}:${port}`) }, 'no sentinel answered at start; starting anyway (503 until one does)');
    return;
  }
  const answers = await Promise.all(topology.nodes.map((url) => ask({ url }, topology.username, topology.password, ['CLUSTER', 'INFO'])));
  answers.forEach((answer, i) => {
    if (answer.kind === 'refused') throw new RedisSettingError(`redis.cluster.nodes.${i}: ${redacted(topology.nodes[i]!)} ${refusal(answer.message, 'a Cluster node', 'CLUSTER INFO')}`);
  });
  if (answers.every((answer) => answer.kind === 'unreachable')) log.warn({ nodes: topology.nodes.map(redacted) }, 'no Cluster node answered at start; starting anyway (503 until one does)');
}

/** One command to one server, bounded by TOPOLOGY_PROBE_MS: its reply, its error reply, or nothing in time. */
async function ask(where: { host: string; port: number } | { url: string }, username: string | undefined, password: string | undefined, command: string[]): Promise<Answer> {
  const socket = { connectTimeout: TOPOLOGY_PROBE_MS, socketTimeout: TOPOLOGY_PROBE_MS, reconnectStrategy: false as const };
  const client =
    'url' in where
      ? createClient({ url: where.url, username, password, socket, disableOfflineQueue: true })
      : createClient({ socket: { ...socket, host: where.host, port: where.port }, username, password, disableOfflineQueue: true });
  client.on('error', () => undefined); // seen by the failing connect or command
  try {
    await client.connect();
    return { kind: 'reply', reply: await client.sendCommand(command) };
  } catch (error) {
    // An error reply (ERR unknown command, cluster support disabled, a wrong password) is the
    // server speaking; a socket that fails or times out is not.
    if (error instanceof ErrorReply) return { kind: 'refused', message: error.message };
    return { kind: 'unreachable' };
  } finally {
    // A client whose connect failed is closed already (destroying it again throws).
    if (client.isOpen) client.destroy();
  }
}

/** What a server's error reply says about the setting: not the kind of server named, or credentials refused. */
function refusal(message: string, kind: string, command: string): string {
  if (/^(WRONGPASS|NOAUTH|NOPERM)/.test(message)) return `refuses the credentials given for it ("${message}")`;
  return `is not ${kind} (it answers ${command} with "${message}"; a plain Redis server?)`;
}

/** A node URL without its password, for a log line. */
function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

import { expect } from 'vitest';
import { eventually } from './eventually.js';
import { FailoverLoad, post } from './failover-load.js';
import { connectLive, type LiveClient } from './live-client.js';
import { adminCommand } from './redis-admin.js';
import { startService, type ServiceProcess } from './service-process.js';

const ADMIN_KEY = 'failover-admin-key-0123456789abcdef';

/** What a failover cost, as the station would count it afterwards. */
export interface FailoverOutcome {
  failures: ReturnType<FailoverLoad['failuresAfter']>;
  /** Seconds from the kill to the last failed request of these kinds. */
  servedAgain: (kinds: string[]) => string;
  lostChats: number;
  lostRequests: number;
  lostRevenue: number;
  /** Live clients (of both hubs) that heard a chat posted on hub A after the failover. */
  heard: number;
  disconnects: number;
  /**
   * Chat posts and reads a hub failed although sent after it had served one on the new master:
   * once a hub is back it stays back (a failover is one outage, not one on and off).
   */
  relapses: number;
  /** Each hub's "redis unavailable" and "redis available again" lines from the kill on (one failover, one of each). */
  stateLines: Array<{ away: number; back: number }>;
}

/**
 * Two hubs on one Redis topology (Sentinel or Cluster), as the failover suites run them: ready
 * once their /readyz says 200, three live clients on each, a request loop over both, and the
 * accounting afterwards of what was acknowledged and is not on the new master.
 */
export class FailoverStation {
  readonly clients: LiveClient[] = [];
  private disconnects = 0;

  private constructor(
    private readonly hubs: ServiceProcess[],
    readonly urls: string[],
  ) {}

  /** `redis` is the config's `redis` section (its prefix and topology). */
  static async start(redis: Record<string, unknown>): Promise<FailoverStation> {
    const config = {
      adminApiKey: ADMIN_KEY,
      redis,
      requests: { delaySeconds: 0, historySize: 1_000_000 },
      chat: { historySize: 1_000_000, repeatWindowSeconds: 0 },
      stream: { enabled: false },
    };
    const hubs = [0, 1].map(() => startService({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' }, config));
    const station = new FailoverStation(hubs, []);
    try {
      station.urls.push(...(await Promise.all(hubs.map((hub) => hub.listening))).map((port) => `http://127.0.0.1:${port}`));
      for (const url of station.urls) await eventually(async () => expect((await fetch(`${url}/readyz`)).status).toBe(200), 20_000);
      return station;
    } catch (error) {
      await station.close();
      throw error;
    }
  }

  /** Three live clients on each hub, counting their disconnects from now on. */
  async connectClients(): Promise<void> {
    for (const url of this.urls) for (let i = 0; i < 3; i++) this.clients.push(await connectLive(url));
    for (const client of this.clients) client.socket.on('disconnect', () => this.disconnects++);
  }

  /** Chat posts, song requests, revenue events and status reads over both hubs, for at most a minute. */
  startLoad(): FailoverLoad {
    return new FailoverLoad(this.urls, ADMIN_KEY, { maxMs: 60_000 });
  }

  /**
   * After the load stopped: what failed, and which acknowledged writes the master now serving the
   * station (`masterPort`, keys under `keys`) does not hold. A revenue event is replayed: 200 means
   * it is there, 201 that it was lost (and is recorded now). `times`: when the kill was sent and
   * when it was done (the hubs may log the lost connection in between), and when the test saw the
   * promotion (performance.now()).
   */
  async outcome(load: FailoverLoad, times: { killSentAt: number; killedAt: number; promotedAt: number }, masterPort: number, keys: string): Promise<FailoverOutcome> {
    const { killedAt, promotedAt } = times;
    const lastFailure = (kinds: string[]) => Math.max(killedAt, ...load.attempts.filter((a) => kinds.includes(a.kind) && (a.status < 200 || a.status >= 300)).map((a) => a.at));
    const chatIds = new Set(((await adminCommand(masterPort, ['XRANGE', `${keys}chat`, '-', '+'])) as Array<[string, unknown]>).map(([id]) => id));
    const requestIds = new Set((await adminCommand(masterPort, ['HKEYS', `${keys}requests:data`])) as string[]);
    let lostRevenue = 0;
    for (const { body } of load.acknowledged.revenue) {
      const replay = await post(`${this.urls[1]!}/api/analytics/revenue.php`, body, { authorization: `Bearer ${ADMIN_KEY}` });
      if (replay.status !== 200) lostRevenue++;
    }
    const after = await post(`${this.urls[0]!}/api/mobile/chat`, { nickname: 'grace', message: 'after the failover' });
    expect(after.status).toBe(201);
    const heard = await Promise.all(
      this.clients.map((client) =>
        Promise.race([client.next('chat:message', (m) => m.id === after.body.data.id).then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 5000))]),
      ),
    );
    return {
      failures: load.failuresAfter(0),
      servedAgain: (kinds) => ((lastFailure(kinds) - killedAt) / 1000).toFixed(1),
      lostChats: load.acknowledged.chat.filter((id) => !chatIds.has(id)).length,
      lostRequests: load.acknowledged.request.filter((id) => !requestIds.has(id)).length,
      lostRevenue,
      heard: heard.filter(Boolean).length,
      disconnects: this.disconnects,
      relapses: this.urls.reduce((sum, url) => sum + relapsesOf(load, url, promotedAt), 0),
      stateLines: this.hubs.map((hub) => {
        const since = hub.lines.filter((line) => Date.parse(String(line.time)) >= performance.timeOrigin + times.killSentAt);
        return { away: since.filter((line) => String(line.msg).startsWith('redis unavailable')).length, back: since.filter((line) => line.msg === 'redis available again').length };
      }),
    };
  }

  /** The line a suite prints: what the failover cost, in a station's words. */
  report(load: FailoverLoad, outcome: FailoverOutcome, times: { killedAt: number; promotedAt: number; replicaBack: number }): string {
    const { failures, servedAgain } = outcome;
    const since = (at: number) => ((at - times.killedAt) / 1000).toFixed(1);
    return (
      `promotion seen after ${since(times.promotedAt)} s; ` +
      `${failures.count} of ${load.attempts.length} requests failed (${JSON.stringify(failures.byKind)}, statuses ${JSON.stringify(failures.statuses)}); ` +
      `chat and reads served again ${servedAgain(['chat', 'status'])} s after the kill, revenue and requests ${servedAgain(['revenue', 'request'])} s (replica back ${since(times.replicaBack)} s after the kill); ` +
      `chat or reads failed after their hub was back: ${outcome.relapses}; log lines per hub (unavailable/available again): ${outcome.stateLines.map(({ away, back }) => `${away}/${back}`).join(', ')}; ` +
      `live clients: ${outcome.heard} of ${this.clients.length} heard the other hub after it, ${outcome.disconnects} disconnects; ` +
      `acknowledged and lost: chat ${outcome.lostChats} of ${load.acknowledged.chat.length}, requests ${outcome.lostRequests} of ${load.acknowledged.request.length}, revenue ${outcome.lostRevenue} of ${load.acknowledged.revenue.length}`
    );
  }

  /**
   * What both failover suites require: no acknowledged revenue event or song request lost, every
   * live client still connected and hearing the other hub, every failure a clean 503 (with the
   * error envelope), never a hang or a 500; a hub serving chat and reads again keeps serving them
   * (waiting for a replica holds back money and song requests only), and each logs the failover
   * once, as one outage: one line when Redis went away, one when it was back. Chat may lose what
   * the replication window held.
   */
  expectKeptItsWord(outcome: FailoverOutcome): void {
    expect(outcome.relapses).toBe(0);
    expect(outcome.stateLines).toEqual(this.hubs.map(() => ({ away: 1, back: 1 })));
    expect(outcome.lostRevenue).toBe(0);
    expect(outcome.lostRequests).toBe(0);
    expect(outcome.heard).toBe(this.clients.length);
    expect(outcome.disconnects).toBe(0);
    expect(Object.keys(outcome.failures.statuses).filter((status) => status !== '503')).toEqual([]);
  }

  async close(): Promise<void> {
    for (const client of this.clients) client.close();
    await Promise.all(this.hubs.map((hub) => hub.stop()));
  }
}

/** Chat posts and reads sent to `hub` after it had answered one on the new master, that failed. */
function relapsesOf(load: FailoverLoad, hub: string, promotedAt: number): number {
  const served = (a: FailoverLoad['attempts'][number]) => a.hub === hub && (a.kind === 'chat' || a.kind === 'status');
  const backAt = Math.min(...load.attempts.filter((a) => served(a) && a.kind === 'chat' && a.sentAt >= promotedAt && a.status === 201).map((a) => a.at));
  return load.attempts.filter((a) => served(a) && a.sentAt > backAt && (a.status < 200 || a.status >= 300)).length;
}

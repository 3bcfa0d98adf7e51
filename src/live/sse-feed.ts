import type { Logger } from 'pino';
import type { StreamConnection } from '../http/stream-reply.js';
import { encodeSseFrame } from '../station/ports.js';

const HEARTBEAT = Buffer.from(':\n\n');

export interface SseFeedSettings {
  heartbeatSeconds: number;
  retryMs: number;
  /** Bytes a stream may have waiting on our side (queued, and what uWS holds of a write the socket did not take). */
  maxBufferedBytes: number;
}

interface Queued {
  id: string | undefined;
  frame: Buffer;
}

/**
 * One stream. reserved: what it missed is being read, there is no connection yet, and live
 * events wait in `queue`. open: written straight through. backpressured: the socket did not take
 * the last write (uWS holds its rest); live events wait in `queue` until onWritable. closed: gone.
 */
class SseClient implements PendingStream {
  state: 'reserved' | 'open' | 'backpressured' | 'closed' = 'reserved';
  connection: StreamConnection | null = null;
  /** Made on the first event that must wait: most streams never have one. */
  queue: Queued[] | null = null;
  queuedBytes = 0;
  /** What uWS may hold of writes the socket did not take (their whole size: an upper bound). */
  heldBytes = 0;
  /** Heartbeats in a row that found the stream backpressured. */
  stalledBeats = 0;
  /** An event was written since the last heartbeat: the stream is not quiet, and the next one passes it by. */
  heard = false;

  constructor(
    private readonly feed: SseFeed,
    readonly events: ReadonlySet<string>,
    /** Gives back the client's place under the live connection cap. */
    readonly release: () => void,
  ) {}

  // The stream is its own reservation: no object and closures per stream to hand it out.
  start(connection: StreamConnection, first: string, sent: ReadonlySet<string>): void {
    this.feed.startClient(this, connection, first, sent);
  }

  cancel(): void {
    this.feed.forgetClient(this);
  }
}

/** A stream admitted but not started: it hears live events already, so nothing published while its backlog is read is lost. */
export interface PendingStream {
  /**
   * The head is written: sends the retry line and `first` (the missed events or the snapshot),
   * then the live events that came meanwhile, except those with an id in `sent` (the backlog had
   * them), and streams from then on.
   */
  start(connection: StreamConnection, first: string, sent: ReadonlySet<string>): void;
  /** No stream after all (the read failed, or the client left): the reservation is released. */
  cancel(): void;
}

/**
 * The Server-Sent Events streams of this node: their states, the live events written to them, and
 * the heartbeat. The broadcaster hands it every event delivered on this node with the id the
 * history gave it; each event is encoded once and written to each stream that asked for it.
 *
 * What a stream may hold is bounded on our side and in time: once the socket stops taking writes
 * (the kernel's send buffer is full), events queue here; past `maxBufferedBytes` (the backlog a
 * resume wrote counts too) or after two heartbeats without the socket taking anything, the
 * client is dropped and resumes from the history when it reconnects.
 */
export class SseFeed {
  private readonly clients = new Set<SseClient>();
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly retry: string;
  /** Clients dropped since the last report (one log line per heartbeat at most, never one per client). */
  private dropped = 0;
  /** The last opening chunk written, and the `first` it was made of (openingChunk). */
  private lastFirst = '';
  private lastOpening: Buffer;

  constructor(
    private readonly settings: SseFeedSettings,
    private readonly log: Logger,
  ) {
    this.retry = `retry: ${settings.retryMs}\n\n`;
    this.lastOpening = Buffer.from(this.retry);
  }

  /** Streams on this node, open or starting (the `radio_hub_sse_streams` gauge). */
  get connections(): number {
    return this.clients.size;
  }

  /** Starts the heartbeat, which also finds and drops stalled streams. */
  startHeartbeat(): void {
    this.heartbeat ??= setInterval(() => this.beat(), this.settings.heartbeatSeconds * 1000);
    this.heartbeat.unref();
  }

  /** A stream for `events` is about to open; `release` gives back its place under the cap once it is gone. */
  reserve(events: ReadonlySet<string>, release: () => void): PendingStream {
    const client = new SseClient(this, events, release);
    this.clients.add(client);
    return client;
  }

  /** Writes an event (its payload as JSON text) to every stream on this node that asked for it. */
  deliver(event: string, id: string | undefined, data: string): void {
    if (this.clients.size === 0) return;
    let frame: Buffer | undefined;
    for (const client of this.clients) {
      if (!client.events.has(event)) continue;
      frame ??= Buffer.from(encodeSseFrame(event, data, id));
      this.send(client, { id, frame });
    }
  }

  /** Ends every stream (clients reconnect, to another node) and stops the heartbeat. */
  close(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    for (const client of [...this.clients]) {
      if (client.connection) client.connection.end();
      else this.forgetClient(client);
    }
  }

  /** @internal PendingStream.start of `client` (sse-feed.ts only). */
  startClient(client: SseClient, connection: StreamConnection, first: string, sent: ReadonlySet<string>): void {
    if (client.state === 'closed') {
      // Dropped while its backlog was read (shutdown, or live events overflowed its bound).
      connection.close();
      return;
    }
    client.connection = connection;
    connection.onClosed(() => this.forgetClient(client));
    const opening = this.openingChunk(first);
    const live = client.queue === null ? null : client.queue.filter((queued) => queued.id === undefined || !sent.has(queued.id)).map((queued) => queued.frame);
    client.queue = null;
    client.queuedBytes = 0;
    client.state = 'open';
    client.heard = true;
    this.write(client, live && live.length > 0 ? Buffer.concat([opening, ...live]) : opening);
  }

  /**
   * The retry line and `first` as one chunk, kept for the next stream: streams opened together
   * start with the same snapshot, so a wave of opens encodes it once (uWS copies what it writes,
   * so one buffer serves every stream).
   */
  private openingChunk(first: string): Buffer {
    if (first !== this.lastFirst) {
      this.lastFirst = first;
      this.lastOpening = Buffer.from(this.retry + first);
    }
    return this.lastOpening;
  }

  private send(client: SseClient, queued: Queued): void {
    if (client.state === 'open') {
      client.heard = true;
      this.write(client, queued.frame);
      return;
    }
    if (client.state === 'closed') return;
    (client.queue ??= []).push(queued);
    client.queuedBytes += queued.frame.length;
    if (client.queuedBytes + client.heldBytes > this.settings.maxBufferedBytes) this.drop(client);
  }

  private write(client: SseClient, chunk: Buffer): void {
    if (client.connection!.write(chunk)) return;
    // Watched from here only: a writable handler per stream would cost each of thousands of
    // streams that never fall behind two closures (uWS calls it once the socket took its rest).
    client.connection!.onWritable(() => this.drain(client));
    client.state = 'backpressured';
    client.heldBytes += chunk.length;
    if (client.heldBytes > this.settings.maxBufferedBytes) this.drop(client);
  }

  /**
   * The socket took what uWS held: write what waited. uWS flushes its own rest only on a write,
   * so with nothing queued a heartbeat goes instead.
   */
  private drain(client: SseClient): boolean {
    if (client.state !== 'backpressured') return true;
    const chunk = client.queue !== null ? Buffer.concat(client.queue.map((queued) => queued.frame)) : HEARTBEAT;
    client.queue = null;
    client.queuedBytes = 0;
    if (!client.connection!.write(chunk)) {
      client.heldBytes += chunk.length;
      if (client.heldBytes > this.settings.maxBufferedBytes) this.drop(client);
      return false;
    }
    client.state = 'open';
    client.heldBytes = 0;
    client.stalledBeats = 0;
    return true;
  }

  /**
   * A comment on each open stream that carried no event since the last beat (one that did is not
   * quiet: under a busy chat this spares thousands of writes, which would otherwise land in the
   * middle of a fan-out), so none stays silent for two beats.
   */
  private beat(): void {
    for (const client of this.clients) {
      if (client.state === 'open') {
        if (client.heard) client.heard = false;
        else this.write(client, HEARTBEAT);
      } else if (client.state === 'backpressured' && ++client.stalledBeats >= 2) this.drop(client);
    }
    if (this.dropped > 0) {
      this.log.info({ dropped: this.dropped, open: this.clients.size }, 'SSE clients dropped: they did not read what they were sent (they resume when they reconnect)');
      this.dropped = 0;
    }
  }

  private drop(client: SseClient): void {
    if (client.state === 'closed') return;
    this.dropped += 1;
    const { connection } = client;
    this.forgetClient(client);
    connection?.close();
  }

  /** @internal The stream is gone (PendingStream.cancel, or its connection closed): its place is given back. */
  forgetClient(client: SseClient): void {
    if (client.state === 'closed') return;
    client.state = 'closed';
    client.queue = null;
    this.clients.delete(client);
    client.release();
  }
}

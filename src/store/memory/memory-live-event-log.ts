import { loggedEventBytes, type LiveEventLog, type LoggedLiveEvent, type ResumeBounds } from '../../station/ports.js';
import { MemoryStreamLog } from './memory-stream.js';

interface Entry extends LoggedLiveEvent {
  ms: number;
  /** What the entry counts against a resume's byte bound, measured once at append. */
  bytes: number;
}

/**
 * Live event history in process memory: the newest `capacity` events. Each event is kept as the
 * JSON text it was recorded as, so a resume copies text and never serialises again; its cost is
 * one search from the newest end and at most `maxBytes` of events.
 */
export class MemoryLiveEventLog extends MemoryStreamLog<Entry> implements LiveEventLog {
  async append(event: string, data: string): Promise<string> {
    return this.stream.append((id, ms) => ({ id, ms, event, data, bytes: loggedEventBytes(id, event, Buffer.byteLength(data)) })).id;
  }

  async since(id: string, bounds: ResumeBounds): Promise<LoggedLiveEvent[] | null> {
    const index = this.stream.indexOf(id);
    if (index < 0) return null;
    const missed: LoggedLiveEvent[] = [];
    let bytes = 0;
    for (let i = index + 1; i < this.stream.size; i++) {
      const entry = this.stream.at(i)!;
      if (!bounds.events.has(entry.event)) continue;
      bytes += entry.bytes;
      if (bytes > bounds.maxBytes) return null;
      missed.push({ id: entry.id, event: entry.event, data: entry.data });
    }
    return missed;
  }

  async lastId(): Promise<string | null> {
    return this.lastIdNow();
  }

  lastIdNow(): string | null {
    return this.stream.newest()?.id ?? null;
  }
}

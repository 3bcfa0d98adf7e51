import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProgrammeSnapshot } from '../../station/ports.js';
import type { Programme } from '../../station/programme.js';

/**
 * This node's copy of the last programme it held, in a file of its own (`redis.dataDir`): read at
 * a start, before Redis answers, so a node started during an outage serves the edited programme
 * rather than the config file's. Written whole to a temporary file and renamed over the old one,
 * so a crash mid-write leaves the previous copy, never half of one. One file per key prefix (two
 * stations may share the folder).
 */
export class FileProgrammeSnapshot implements ProgrammeSnapshot {
  private readonly path: string;
  /** Saves one after another: a slow disk never lets an older copy land over a newer one. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly dir: string,
    prefix: string,
  ) {
    this.path = join(dir, `programme.${encodeURIComponent(prefix) || 'station'}.json`);
  }

  async load(): Promise<{ programme: Programme; confirmedAtMs: number } | null> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    const saved = JSON.parse(text) as { programme?: Omit<Programme, 'supersedes'> & { supersedes?: string[] }; confirmedAtMs?: number };
    // A file from another version or edited by hand is not trusted: the config file's programme then.
    if (typeof saved.programme?.generation !== 'string' || typeof saved.confirmedAtMs !== 'number' || !Array.isArray(saved.programme.shows)) return null;
    return { programme: { ...saved.programme, supersedes: saved.programme.supersedes ?? [] }, confirmedAtMs: saved.confirmedAtMs };
  }

  save(programme: Programme, confirmedAtMs: number): Promise<void> {
    const write = async () => {
      await mkdir(this.dir, { recursive: true });
      const temporary = `${this.path}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify({ programme, confirmedAtMs }));
      await rename(temporary, this.path);
    };
    this.queue = this.queue.then(write, write);
    return this.queue;
  }
}

import type { Clock } from '../../station/clock.js';
import type { ArtworkImage, ArtworkLookup, ArtworkStore } from '../../station/ports.js';

/** Entries that expire, at most `cap` of them: past it, the one closest to expiring goes. */
class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly cap: number,
    private readonly clock: Clock,
  ) {}

  get(key: string): V | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.until <= this.clock()) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  set(key: string, value: V, ttlSeconds: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.clock() + ttlSeconds * 1000 });
    if (this.entries.size <= this.cap) return;
    let soonest: string | null = null;
    let soonestUntil = Infinity;
    for (const [name, { until }] of this.entries) {
      if (until < soonestUntil) [soonest, soonestUntil] = [name, until];
    }
    this.entries.delete(soonest!);
  }
}

/** The artwork cache of this one process. */
export class MemoryArtworkStore implements ArtworkStore {
  private readonly lookups: ExpiringMap<ArtworkLookup>;
  private readonly images: ExpiringMap<ArtworkImage>;

  constructor(maxLookups: number, maxImages: number, clock: Clock) {
    this.lookups = new ExpiringMap(maxLookups, clock);
    this.images = new ExpiringMap(maxImages, clock);
  }

  async lookup(songKey: string): Promise<ArtworkLookup | null> {
    const found = this.lookups.get(songKey);
    return found ? { ...found } : null;
  }

  async saveLookup(songKey: string, lookup: ArtworkLookup, ttlSeconds: number): Promise<void> {
    this.lookups.set(songKey, { imageKey: lookup.imageKey }, ttlSeconds);
  }

  async image(imageKey: string): Promise<ArtworkImage | null> {
    return this.images.get(imageKey);
  }

  async hasImage(imageKey: string): Promise<boolean> {
    return this.images.get(imageKey) !== null;
  }

  async saveImage(imageKey: string, image: ArtworkImage, ttlSeconds: number): Promise<void> {
    this.images.set(imageKey, { contentType: image.contentType, bytes: Buffer.from(image.bytes) }, ttlSeconds);
  }
}

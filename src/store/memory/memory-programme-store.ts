import type { Programme } from '../../station/programme.js';
import type { ProgrammeStore } from '../../station/ports.js';

/** The programme in process memory (one node; a restart seeds it from the config file again). */
export class MemoryProgrammeStore implements ProgrammeStore {
  private stored: Programme | null = null;

  async seed(programme: Programme): Promise<Programme> {
    this.stored ??= structuredClone(programme);
    return structuredClone(this.stored);
  }

  async revision(): Promise<number> {
    return this.stored?.revision ?? 0;
  }

  async read(): Promise<Programme | null> {
    return this.stored && structuredClone(this.stored);
  }

  async replace(next: Programme, expectedRevision: number): Promise<boolean> {
    if ((this.stored?.revision ?? 0) !== expectedRevision) return false;
    this.stored = structuredClone(next);
    return true;
  }
}

import { versionOf, type Programme, type ProgrammeVersion } from '../../station/programme.js';
import type { ProgrammeStore } from '../../station/ports.js';

const sameVersion = (a: ProgrammeVersion | null, b: ProgrammeVersion | null) => a?.generation === b?.generation && a?.revision === b?.revision;

/** The programme in process memory (one node; a restart seeds it from the config file again). */
export class MemoryProgrammeStore implements ProgrammeStore {
  private stored: Programme | null = null;

  async seed(programme: Programme): Promise<Programme> {
    this.stored ??= structuredClone(programme);
    return structuredClone(this.stored);
  }

  async version(): Promise<ProgrammeVersion | null> {
    return versionOf(this.stored);
  }

  async read(): Promise<Programme | null> {
    return this.stored && structuredClone(this.stored);
  }

  async replace(next: Programme, expected: ProgrammeVersion | null): Promise<boolean> {
    if (!sameVersion(versionOf(this.stored), expected)) return false;
    this.stored = structuredClone(next);
    return true;
  }
}

import { uwsBuild } from '../../src/http/uws.js';

/** The uWebSockets.js build the service runs on here (two registry builds exist; see ARCHITECTURE.md). */
export interface UwsBuild {
  name: string;
  version: string;
  /** The 2023 build for Node <= 20 (v20.30): its HTTP parser drops some requests without any answer. */
  legacy: boolean;
}

/** The build the loader (src/http/uws.ts) picked, as the service itself will. */
export function installedUwsBuild(): UwsBuild {
  return { name: uwsBuild.name, version: uwsBuild.version, legacy: uwsBuild.name === 'fallback' };
}

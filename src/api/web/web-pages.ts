import { fileURLToPath } from 'node:url';
import type { Config } from '../../config/schema.js';
import type { RouteDefinition } from '../../http/route.js';
import { staticFileRoutes } from '../../http/static-files.js';

/** Vite's output (npm run build:web): from src/api/web or dist/api/web alike, it is dist/web. */
export const WEB_ROOT = fileURLToPath(new URL('../../../dist/web', import.meta.url));

/** Pages another site may frame: the embeddable widgets. */
export const WIDGET_PAGES = ['/widget/now-playing', '/widget/player'];

/** The listener page (/), the staff console (/console), the widgets and their assets. */
export function webPageRoutes(config: Readonly<Config>, root = WEB_ROOT): RouteDefinition[] {
  return staticFileRoutes({
    root,
    hashedFolder: 'assets',
    frameablePages: WIDGET_PAGES,
    htmlVariables: {
      STATION_NAME: config.station.name,
      STATION_GENRE: config.station.genre,
      LANGUAGE: config.station.language,
      // The listener page explains the request rules before they refuse anything.
      REQUEST_THRESHOLD: String(config.requests.thresholdSeconds),
      REQUEST_DELAY: String(config.requests.delaySeconds),
    },
    mediaSources: [new URL(config.station.streamUrl).origin],
  });
}

import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { Config } from '../../config/schema.js';
import type { RouteDefinition } from '../../http/route.js';
import { staticFileRoutes } from '../../http/static-files.js';
import type { ChatService } from '../../station/chat-service.js';
import type { LiveEventLog } from '../../station/ports.js';
import type { RequestService } from '../../station/request-service.js';
import type { ScheduleService } from '../../station/schedule-service.js';
import type { StationService } from '../../station/station-service.js';
import { streamOrigins } from './listener-streams.js';
import { PageBootstrap } from './page-bootstrap.js';
import { stationBrand, type StationBrand } from './station-brand.js';

/** Vite's output (npm run build:web): from src/api/web or dist/api/web alike, it is dist/web. */
export const WEB_ROOT = fileURLToPath(new URL('../../../dist/web', import.meta.url));

/** Pages another site may frame: the embeddable widgets. */
export const WIDGET_PAGES = ['/widget/now-playing', '/widget/player'];

/** What the pages' bootstrap reads (page-bootstrap.ts). */
export interface WebPageSources {
  station: StationService;
  schedule: ScheduleService;
  requests: RequestService;
  chat: ChatService;
  liveEvents: LiveEventLog;
  log: Logger;
}

/** The listener page (/), the staff console (/console), the widgets and their assets. */
export function webPageRoutes(config: Readonly<Config>, sources: WebPageSources, root = WEB_ROOT, brand: StationBrand = stationBrand(config, root)): RouteDefinition[] {
  const bootstrap = new PageBootstrap({ config, ...sources, logoUrl: brand.logoUrl, icons: brand.icons });
  const art = config.station.artUrlTemplate;
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
      ...brand.htmlVariables,
    },
    mediaSources: streamOrigins(config.station),
    imageSources: art ? [new URL(art.replace(/\{(artist|title)\}/g, 'x')).origin] : [],
    generatedFiles: brand.files,
    livePages: {
      '/': { current: () => bootstrap.listenerPage() },
      '/widget/now-playing': { current: () => bootstrap.widgetPage() },
      '/widget/player': { current: () => bootstrap.widgetPage() },
    },
  });
}

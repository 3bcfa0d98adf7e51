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

/**
 * Where the pages may play from: every stream's origin (the listener may choose any), and `data:`
 * where the in-band reader may run (icecast-metadata-player parks the audio element on a silent
 * data: MP3 before and after a play).
 */
function streamMediaSources(station: Readonly<Config>['station']): string[] {
  const origins = streamOrigins(station);
  return origins.length > 0 && station.inBandTitles !== 'off' ? [...origins, 'data:'] : origins;
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
    mediaSources: streamMediaSources(config.station),
    // "cors": the reader fetches whichever stream the listener chose, so each stream's origin.
    connectSources: config.station.inBandTitles === 'cors' ? streamOrigins(config.station) : [],
    // icecast-metadata-player probes for workers when it loads and re-aligns a reconnected stream in one.
    workerSources: streamOrigins(config.station).length > 0 && config.station.inBandTitles !== 'off' ? ['blob:'] : [],
    imageSources: art ? [new URL(art.replace(/\{(artist|title)\}/g, 'x')).origin] : [],
    generatedFiles: brand.files,
    livePages: {
      '/': { current: () => bootstrap.listenerPage() },
      '/widget/now-playing': { current: () => bootstrap.widgetPage() },
      '/widget/player': { current: () => bootstrap.widgetPage() },
    },
  });
}

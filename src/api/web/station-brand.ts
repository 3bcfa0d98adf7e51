import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Config } from '../../config/schema.js';
import { ConfigError } from '../../config/load-config.js';
import { parseColor, readableOn, textOn } from './colors.js';

// The station's look, derived once at start-up from config: its logo (station.logo, or the one
// shipped in web/public/brand/), the icons, the web app manifest, the colours (station.css) and
// the widget script's station card. Everything here is config, never state: it is prepared once.

const LOGO_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp' };
const LOGO_MAX_BYTES = 1024 * 1024;

// The surfaces of base.css the accent is read on, light and dark.
const LIGHT_BACKGROUND = [246, 247, 249] as const;
const DARK_SURFACE = [26, 29, 35] as const;

export interface StationBrand {
  /** Files to serve besides the built ones (paths relative to the site root). */
  files: Array<{ path: string; body: Buffer }>;
  /** Placeholders the pages' HTML uses (HTML-escaped when written). */
  htmlVariables: Record<string, string>;
  /** The logo's URL on this server (root-relative). */
  logoUrl: string;
  /** The square icons (the system player's artwork when a song has none of its own). */
  icons: Icon[];
}

export interface Icon {
  url: string;
  type: string;
  /** "512x512", or "any" for SVG. */
  sizes: string;
}

const shortHash = (body: Buffer) => createHash('sha256').update(body).digest('base64url').slice(0, 10);

/** A PNG's width and height from its IHDR chunk, or null when it is not a PNG. */
function pngSize(body: Buffer): { width: number; height: number } | null {
  if (body.length < 24 || body.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

function readLogo(path: string): Buffer {
  const type = LOGO_TYPES[extname(path).toLowerCase()];
  if (!type) throw new ConfigError(`station.logo: ${path} must be an .svg, .png, .jpg or .webp file`);
  if (!existsSync(path) || !statSync(path).isFile()) throw new ConfigError(`station.logo: cannot read ${path}`);
  if (statSync(path).size > LOGO_MAX_BYTES) throw new ConfigError(`station.logo: ${path} is over 1 MiB`);
  return readFileSync(path);
}

/** Colours of the accent for light and dark pages, text on it chosen for >= 4.5:1. */
export function stationCss(accentHex: string): string {
  const accent = parseColor(accentHex) ?? [11, 87, 164];
  const light = accentHex.toLowerCase();
  const lightText = readableOn(accent, [...LIGHT_BACKGROUND]);
  const dark = readableOn(accent, [...DARK_SURFACE]);
  const darkRgb = parseColor(dark)!;
  return (
    `:root{--radio-accent:${light};--radio-on-accent:${textOn(accent)};--radio-accent-text:${lightText}}\n` +
    `@media (prefers-color-scheme:dark){:root{--radio-accent:${dark};--radio-on-accent:${textOn(darkRgb)};--radio-accent-text:${dark}}}\n`
  );
}

/** The station's look as files and placeholders, from config and the built site in `webRoot`. */
export function stationBrand(config: Readonly<Config>, webRoot: string): StationBrand {
  const { station } = config;
  const files: StationBrand['files'] = [];
  const asset = (name: string, extension: string, body: Buffer) => {
    const path = `assets/${name}-${shortHash(body)}${extension}`;
    files.push({ path, body });
    return `/${path}`;
  };

  const shipped = join(webRoot, 'brand');
  const logoPath = station.logo ?? join(shipped, 'logo.svg');
  const logoBody = station.logo ? readLogo(station.logo) : existsSync(logoPath) ? readFileSync(logoPath) : null;
  const logoExtension = extname(logoPath).toLowerCase() === '.jpeg' ? '.jpg' : extname(logoPath).toLowerCase();
  const logoUrl = logoBody ? asset('logo', logoExtension, logoBody) : '';
  const logoType = LOGO_TYPES[logoExtension] ?? 'image/svg+xml';

  // Icons: the shipped logo comes with square PNGs; a station's own logo is its own icon.
  const icons: Icon[] = [];
  if (!station.logo) {
    for (const size of [180, 192, 512]) {
      const file = join(shipped, `icon-${size}.png`);
      if (existsSync(file)) icons.push({ url: asset(`icon-${size}`, '.png', readFileSync(file)), type: 'image/png', sizes: `${size}x${size}` });
    }
  } else if (logoBody) {
    const size = pngSize(logoBody);
    icons.push({ url: logoUrl, type: logoType, sizes: size ? `${size.width}x${size.height}` : 'any' });
  }
  if (logoType === 'image/svg+xml' && logoUrl) icons.push({ url: logoUrl, type: logoType, sizes: 'any' });
  const touchIcon = icons.find((icon) => icon.sizes === '180x180') ?? icons.find((icon) => icon.type !== 'image/svg+xml') ?? icons[0];
  // Sharing wants a raster image (most scrapers ignore SVG): the largest PNG.
  const shareImage = [...icons].reverse().find((icon) => icon.type !== 'image/svg+xml')?.url ?? logoUrl;

  const css = asset('station', '.css', Buffer.from(stationCss(station.accentColor)));
  const manifest = {
    name: station.name,
    short_name: station.name.slice(0, 12),
    description: `${station.name}: ${station.genre}, live`,
    lang: station.language,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: station.accentColor,
    icons: icons.filter((icon) => icon.url).map((icon) => ({ src: icon.url, type: icon.type, sizes: icon.sizes })),
  };
  files.push({ path: 'manifest.webmanifest', body: Buffer.from(JSON.stringify(manifest)) });
  // What widget.js on another site needs to start: the station itself (config only, no state:
  // now playing comes with the live feed's first event).
  const card = { name: station.name, language: station.language, streamUrl: station.streamUrl ?? '', logo: logoUrl, artUrlTemplate: station.artUrlTemplate };
  files.push({ path: 'widget/station.json', body: Buffer.from(JSON.stringify(card)) });

  const publicUrl = station.publicUrl ?? station.websiteUrl;
  // Without publicUrl or websiteUrl the share links stay relative: the page still works, only a
  // card on another site cannot follow them.
  const absolute = (url: string) => (url && publicUrl ? new URL(url, publicUrl).href : url);
  return {
    files,
    logoUrl,
    icons,
    htmlVariables: {
      DESCRIPTION: `${station.name}: ${station.genre}, live`,
      ACCENT: station.accentColor,
      STATION_CSS: css,
      LOGO_URL: logoUrl,
      LOGO_TYPE: logoType,
      TOUCH_ICON_URL: touchIcon?.url ?? logoUrl,
      SHARE_IMAGE: absolute(shareImage),
      PAGE_URL: absolute('/'),
    },
  };
}

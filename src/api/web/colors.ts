// WCAG 2 contrast for the pages' colours. Pure and dependency-free: the server writes the
// station's colours with it, and the widgets (web/) import it to pick text on a host's accent.

type Rgb = [number, number, number];

/** "#rgb", "#rrggbb" or "rgb(r, g, b)" / "rgba(...)" (as getComputedStyle gives it); null otherwise. */
export function parseColor(text: string): Rgb | null {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value);
  if (hex) {
    const digits = hex[1]!.length === 3 ? hex[1]!.split('').map((d) => d + d) : hex[1]!.match(/../g)!;
    return digits.map((d) => parseInt(d, 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/.exec(value);
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : null;
}

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/** The contrast ratio of two colours, 1 to 21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];
const hexOf = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** Text on a background of `color`: black or white, whichever contrasts more (always >= 4.5:1 for one of them). */
export function textOn(color: Rgb): '#000000' | '#ffffff' {
  return contrast(color, BLACK) >= contrast(color, WHITE) ? '#000000' : '#ffffff';
}

/**
 * `color` as text on `background`: itself when it reads (>= 4.5:1), else mixed towards black or
 * white (whichever the background needs) just until it does. Links and outlines in the accent
 * stay recognisably the station's colour in light and dark.
 */
export function readableOn(color: Rgb, background: Rgb): string {
  const target = contrast(background, BLACK) >= contrast(background, WHITE) ? BLACK : WHITE;
  for (let step = 0; step <= 20; step++) {
    const mixed = color.map((c, i) => c + ((target[i]! - c) * step) / 20) as Rgb;
    if (contrast(mixed, background) >= 4.5) return hexOf(mixed);
  }
  return hexOf(target);
}

import { readBootstrap } from '../shared/bootstrap.js';
import { defineWidgets } from './element.js';
import '../styles/widget-page.css';

// The iframe pages /widget/now-playing and /widget/player. CSS variables don't cross an iframe, so
// the embedding page themes it through the query: ?theme=dark&accent=%23c00&bg=%23fff (known
// names only). Light unless asked: the frame's colour scheme then matches a light host page, and
// the browser keeps the frame transparent (a frame whose scheme differs gets an opaque backdrop).
const THEMABLE = ['bg', 'text', 'muted', 'accent', 'on-accent', 'border', 'radius', 'font'];
const query = new URLSearchParams(location.search);
for (const name of THEMABLE) {
  const value = query.get(name);
  // Set through the CSSOM (allowed by the CSP), and only plain values: no url(), no semicolons.
  if (value && /^[#\w\s.,%()'-]{1,60}$/.test(value) && !/url\s*\(/i.test(value)) document.documentElement.style.setProperty(`--radio-${name}`, value);
}
const asked = query.get('theme');
const theme = asked === 'dark' || asked === 'auto' ? asked : 'light';
document.documentElement.style.colorScheme = theme === 'auto' ? 'light dark' : theme;
for (const widget of document.querySelectorAll('radio-now-playing, radio-player')) widget.setAttribute('theme', theme);
defineWidgets('', readBootstrap());

import { defineWidgets } from './element.js';
import '../styles/widget-page.css';

// The iframe pages /widget/now-playing and /widget/player. CSS variables don't cross an iframe, so
// the embedding page themes it through the query: ?accent=%23c00&bg=%23fff (known names only).
const THEMABLE = ['bg', 'text', 'muted', 'accent', 'on-accent', 'border', 'radius', 'font'];
const query = new URLSearchParams(location.search);
for (const name of THEMABLE) {
  const value = query.get(name);
  // Set through the CSSOM (allowed by the CSP), and only plain values: no url(), no semicolons.
  if (value && /^[#\w\s.,%()'-]{1,60}$/.test(value) && !/url\s*\(/i.test(value)) document.documentElement.style.setProperty(`--radio-${name}`, value);
}
defineWidgets('');

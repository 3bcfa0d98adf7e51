import { h } from 'preact';
import htm from 'htm';

/** JSX-like templates without a compile step: html`<p>${text}</p>`. */
export const html = htm.bind(h);

import { defineWidgets } from './element.js';

// widget.js, loaded by <script src="https://station.example/widget.js"> on any site: the
// elements talk to the server the script came from.
const script = document.currentScript as HTMLScriptElement | null;
defineWidgets(script?.src ? new URL(script.src).origin : '');

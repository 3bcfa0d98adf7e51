import type { LiveHub } from '../station/live-hub.js';

/** One LiveHub that tells each of `hubs` (Socket.IO and SSE clients, and webhooks, hear the same events). */
export function allLiveHubs(...hubs: LiveHub[]): LiveHub {
  return {
    publish: (event, payload) => hubs.forEach((hub) => hub.publish(event, payload)),
    publishRecorded: (event, payload, id) => hubs.forEach((hub) => hub.publishRecorded(event, payload, id)),
  };
}

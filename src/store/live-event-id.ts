/** Events kept for SSE resume when the settings do not say. */
export const DEFAULT_LIVE_EVENT_HISTORY = 500;

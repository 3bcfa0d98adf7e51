/** Live event ids are Redis stream ids, "<ms>-<seq>"; the memory log makes the same shape. */
export const LIVE_EVENT_ID = /^\d{1,15}-\d{1,15}$/;

/** Events kept for SSE resume when the settings do not say. */
export const DEFAULT_LIVE_EVENT_HISTORY = 500;

import { Type } from '@sinclair/typebox';
import { ARTWORK_PATH, IMAGE_KEY } from '../../artwork/artwork-resolver.js';
import { AppError } from '../../errors.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { ArtworkStore } from '../../station/ports.js';
import { CONDITIONAL_GET_HEADERS, noneMatchHits } from '../conditional-get.js';

/** An image's bytes never change under its key (the key is their hash): any cache may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The types the resolver keeps (artwork/image-type.ts). */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/**
 * GET /art/{key}: artwork the resolver fetched once and keeps in the store, served from the hub's
 * own origin so the pages' CSP (`img-src 'self' data:`) holds. Spends from the client's artwork
 * budget (`artwork`); the ETag is the key itself, so a client that has the image gets 304 without a store read.
 */
export function artworkRoutes(store: ArtworkStore): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET',
      path: `${ARTWORK_PATH}:key`,
      summary: "A song's artwork kept by the hub (the `/art/…` path of `song.art`), fetched once from the Cover Art Archive",
      headers: CONDITIONAL_GET_HEADERS,
      params: { key: Type.String({ pattern: IMAGE_KEY.source, description: 'the image key, from `song.art`' }) },
      produces: { mediaTypes: IMAGE_TYPES, description: 'the image itself (JPEG, PNG, GIF or WebP, as read from its bytes)' },
      answerHeaders: { 'X-Content-Type-Options': '`nosniff`: the type sent is the one the hub read from the image itself' },
      errors: ['NOT_FOUND', 'RATE_LIMITED'],
      budget: 'artwork',
      handler: async (ctx) => {
        const key = ctx.params.key ?? '';
        if (!IMAGE_KEY.test(key)) throw new AppError('NOT_FOUND', { message: 'No such artwork.' });
        const etag = `"${key}"`;
        const headers = { ETag: etag, 'Cache-Control': IMMUTABLE, 'X-Content-Type-Options': 'nosniff' };
        if (noneMatchHits(ctx.headers['if-none-match'], etag)) return { kind: 'not-modified', status: 304, headers };
        const image = await store.image(key);
        if (!image) throw new AppError('NOT_FOUND', { message: 'No such artwork.' });
        return { kind: 'prepared', status: 200, body: image.bytes, contentType: image.contentType, headers };
      },
    }),
  ];
}

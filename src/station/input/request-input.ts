import { Type, type Static } from '@sinclair/typebox';
import { LimitParam, Text } from '../../validation/text-rules.js';

// The song requests' input rules, shared by the doors that take them: the public listing and
// request (api/mobile/requests.ts, the general song-request.php) and the staff queue (api/admin/).

export const RequestsQuery = Type.Object({
  status: Type.Optional(
    Type.Union([Type.Literal('pending'), Type.Literal('played'), Type.Literal('rejected'), Type.Literal('all')], {
      description: 'default pending',
    }),
  ),
  limit: Type.Optional(LimitParam(50)),
});

export const SongRequestBody = Type.Object({
  song_title: Text({ minLength: 1, maxLength: 200 }),
  artist: Text({ minLength: 1, maxLength: 200 }),
  requester_name: Type.Optional(Text({ maxLength: 50, description: 'default Anonymous' })),
  message: Type.Optional(Text({ maxLength: 500 })),
  priority: Type.Optional(Type.Union([Type.Literal('low'), Type.Literal('normal'), Type.Literal('high')], { description: 'default normal' })),
});

/** What a listing asks for, read once for both listings (the public one and the staff one). */
export type RequestsListing = Static<typeof RequestsQuery>;
export const DEFAULT_REQUEST_LISTING = { status: 'pending', limit: 20 } as const;

export const ResolveRequestBody = Type.Object(
  {
    status: Type.Optional(Type.Union([Type.Literal('played'), Type.Literal('rejected')], { description: 'what became of the request' })),
    priority: Type.Optional(
      Type.Union([Type.Literal('low'), Type.Literal('normal'), Type.Literal('high')], {
        description: "staff's priority: shown, and it ranks the pending queue (a listener's ranks only with requests.listenerPriority `ordered`)",
      }),
    ),
  },
  { minProperties: 1 },
);

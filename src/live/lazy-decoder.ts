import { Decoder, Encoder, type Packet } from 'socket.io-parser';

type DecodedListener = (packet: Packet) => void;

/** Text packets that are whole in one frame: CONNECT, DISCONNECT, EVENT, ACK, CONNECT_ERROR (types 0–4). */
const WHOLE_TEXT_PACKET = /^[0-4]/;

/**
 * Decodes whole text packets for every client: socket.io-parser's Decoder emits them synchronously
 * and keeps no state for them, so one serves all and its answer is taken at once.
 */
const shared = new Decoder();
let lastDecoded: Packet | undefined;
shared.on('decoded', (packet: Packet) => {
  lastDecoded = packet;
});

function decodeWhole(text: string): Packet {
  lastDecoded = undefined;
  shared.add(text); // throws on a malformed packet, as a client's own Decoder would
  const packet = lastDecoded as Packet | undefined;
  lastDecoded = undefined;
  if (!packet) throw new Error('socket.io-parser decoded no packet from a whole text packet');
  return packet;
}

/**
 * Socket.IO's per-client decoder (the `parser` server option's `Decoder`), holding only its
 * listener. Socket.IO makes one Decoder per engine connection: an emitter with an options object, a
 * callbacks object and a listener array, ~0.3 KB of every live connection, kept for its life to
 * parse packets that, on /live, are almost all whole text (a chat:send, a chat:history). Those are
 * parsed by one shared Decoder; a client's own full Decoder is made only when something else comes
 * (binary packets, which are reassembled from several frames, or anything malformed) and kept from
 * then on, so every packet is decoded and refused exactly as socket.io-parser does.
 *
 * Socket.IO's Client (socket.io 4.8) calls `on('decoded')`, `add`, `removeListener('decoded')` and
 * `destroy` on it; test/live/socket-io-shapes.test.ts fails if a Socket.IO upgrade calls anything else.
 */
export class LazyDecoder {
  private listener: DecodedListener | null = null;
  private full: Decoder | null = null;

  on(_event: 'decoded', listener: DecodedListener): this {
    this.listener = listener;
    this.full?.on('decoded', listener);
    return this;
  }

  removeListener(_event: 'decoded', listener: DecodedListener): this {
    if (this.listener === listener) this.listener = null;
    this.full?.off('decoded', listener);
    return this;
  }

  add(chunk: unknown): void {
    if (!this.full && typeof chunk === 'string' && WHOLE_TEXT_PACKET.test(chunk)) {
      const packet = decodeWhole(chunk);
      this.listener?.(packet);
      return;
    }
    this.fullDecoder().add(chunk);
  }

  destroy(): void {
    this.full?.destroy();
  }

  private fullDecoder(): Decoder {
    if (!this.full) {
      this.full = new Decoder();
      if (this.listener) this.full.on('decoded', this.listener);
    }
    return this.full;
  }
}

/** Socket.IO's `parser` server option: socket.io-parser's own Encoder, and the LazyDecoder. */
export const lazyParser = { Encoder, Decoder: LazyDecoder };

import { pino, type Logger } from 'pino';

/** JSON lines on stdout; each request's lines carry its `reqId`. */
export function createLogger(level: string): Logger {
  // Synchronous writes: lines keep their order and none is lost when the process exits.
  return pino({ level, base: { service: 'radio-hub' }, timestamp: pino.stdTimeFunctions.isoTime }, pino.destination({ dest: 1, sync: true }));
}

import { pino, type Logger } from 'pino';

/** JSON lines on stdout; each request's lines carry its `reqId`. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'radio-hub' }, timestamp: pino.stdTimeFunctions.isoTime });
}

import { pino, type Logger } from 'pino';

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/**
 * A real pino logger whose lines land in an array (synchronously, as JSON parsed back), so a
 * test counts what an operator would read: `lines`, or `matching(text)` for one kind of line.
 */
export function capturedLog(level = 'info'): { log: Logger; lines: LogLine[]; matching(text: string | RegExp): LogLine[] } {
  const lines: LogLine[] = [];
  const log = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return {
    log,
    lines,
    matching: (text) => lines.filter((line) => (typeof text === 'string' ? line.msg.includes(text) : text.test(line.msg))),
  };
}

export const WARN = 40;

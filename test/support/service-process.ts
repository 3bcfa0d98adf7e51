import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deepMerge } from '../../src/config/load-config.js';
import { TEST_STATION, UNREACHABLE_LIMITS } from './test-server.js';
import { createInterface } from 'node:readline';

/** The built service, as `npm start` runs it (`npm test` builds first). */
export const MAIN = join(import.meta.dirname, '..', '..', 'dist', 'main.js');

export interface ServiceProcess {
  child: ReturnType<typeof spawn>;
  /** Parsed JSON log lines, in order. */
  lines: Array<Record<string, unknown>>;
  exited: Promise<number | null>;
  /** The port, once the service logs that it listens. */
  listening: Promise<number>;
  /** Resolves when a log line with this `msg` has been written (or already was). */
  logged(msg: string): Promise<void>;
  stderr(): string;
  stop(): Promise<number | null>;
}

/**
 * Starts `node dist/main.js` with only PATH and `env` in its environment. With `config`, that
 * object (over the test suites' station and unreachable limits) is written to a file named by RADIO_CONFIG.
 */
export function startService(env: NodeJS.ProcessEnv, config?: Record<string, unknown>): ServiceProcess {
  const configEnv: NodeJS.ProcessEnv = {};
  if (config) {
    const path = join(mkdtempSync(join(tmpdir(), 'radio-service-')), 'config.json');
    writeFileSync(path, JSON.stringify(deepMerge(deepMerge(TEST_STATION, UNREACHABLE_LIMITS), config)));
    configEnv.RADIO_CONFIG = path;
  }
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH, ...configEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Array<Record<string, unknown>> = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const reader = createInterface({ input: child.stdout });
  reader.on('line', (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  const logged = (msg: string) =>
    new Promise<void>((resolve) => {
      const check = () => lines.some((l) => l.msg === msg) && resolve();
      check();
      reader.on('line', check);
    });
  const listening = new Promise<number>((resolve, reject) => {
    void logged('radio hub listening').then(() => resolve(lines.find((l) => l.msg === 'radio hub listening')!.port as number));
    void exited.then((code) => reject(new Error(`exited with ${code} before listening: ${stderr}`)));
  });
  listening.catch(() => undefined); // a test expecting an early exit never awaits it
  return {
    child,
    lines,
    exited,
    listening,
    logged,
    stderr: () => stderr,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

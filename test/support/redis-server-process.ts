import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { killProcess } from './kill-process.js';

/** A port the OS just gave us and took back: free for the next process to bind. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A private redis-server the test may kill and restart (the shared one must never be harmed). */
export class RedisServerProcess {
  private child: ChildProcess | null = null;

  constructor(
    readonly port: number,
    /** More redis-server options (e.g. the settings compose.yaml ships). */
    private readonly extraArgs: readonly string[] = [],
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Resolves once redis-server prints that it accepts connections. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...this.extraArgs], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      this.child = child;
      let output = '';
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
    });
  }

  /** Freezes it (SIGSTOP): connections stay open and nothing is answered, as with a hung Redis. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  /** Lets a paused Redis run again (SIGCONT). */
  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** Kills it hard, as a crash or a network cut would, and resolves when it is gone. */
  kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    return killProcess(child);
  }
}

/** Whether a redis-server binary is on PATH; in CI its absence is an error, not a skip. */
export function redisServerInstalled(): boolean {
  const found = spawnSync('redis-server', ['--version']).status === 0;
  if (!found && process.env.CI) throw new Error('CI=true but redis-server is not installed; .ci/run must install it');
  if (!found) process.stdout.write('[radio-hub tests] redis-server is not installed: the Redis outage suite is SKIPPED.\n');
  return found;
}

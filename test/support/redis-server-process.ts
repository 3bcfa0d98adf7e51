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

export interface RedisServerOptions {
  /** The server program and any leading arguments (`['valkey-server']`, `['chroot', root, 'valkey-server']`); redis-server by default. */
  command?: readonly string[];
  /** More arguments (`--replicaof`, `--cluster-enabled yes`, `--dir`). */
  args?: readonly string[];
  /** What its log prints once it serves (redis-server and valkey-server: "Ready to accept connections"). */
  readyLine?: string;
}

/** A private redis-server the test may kill and restart (the shared one must never be harmed). */
export class RedisServerProcess {
  private child: ChildProcess | null = null;

  constructor(
    readonly port: number,
    private readonly options: RedisServerOptions = {},
  ) {}

  /**
   * A server started on a port that was free a moment ago. Another suite can take that port (or,
   * in cluster mode, its bus port) between the probe and the bind: the server then exits at once
   * naming the address in use, and another port is tried (three in all). `options` may depend on
   * the port (file names, a cluster bus port).
   */
  static async startOnFreePort(options: RedisServerOptions | ((port: number) => RedisServerOptions | Promise<RedisServerOptions>) = {}): Promise<RedisServerProcess> {
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const server = new RedisServerProcess(port, typeof options === 'function' ? await options(port) : options);
      try {
        await server.start();
        return server;
      } catch (error) {
        await server.kill();
        if (attempt >= 3 || !/address already in use/i.test(String(error))) throw error;
      }
    }
  }

  /** Started and not killed since. */
  get running(): boolean {
    return this.child !== null;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Resolves once the server prints that it accepts connections; `extraArgs` for this start only. */
  start(extraArgs: readonly string[] = []): Promise<void> {
    const [program = 'redis-server', ...leading] = this.options.command ?? [];
    const args = [...leading, '--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...(this.options.args ?? []), ...extraArgs];
    const readyLine = this.options.readyLine ?? 'Ready to accept connections';
    return new Promise((resolve, reject) => {
      const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'inherit'] });
      this.child = child;
      let output = '';
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`${program} exited with ${code}: ${output}`)));
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(readyLine)) resolve();
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

/**
 * Whether a program runs here (`--version` answers); in CI its absence is an error, not a skip,
 * and elsewhere the skip is printed with what it costs.
 */
export function programInstalled(command: readonly string[], skipped: string): boolean {
  const [program = '', ...leading] = command;
  const found = spawnSync(program, [...leading, '--version']).status === 0;
  if (!found && process.env.CI) throw new Error(`CI=true but ${command.join(' ')} is not installed; .ci/run must install it`);
  if (!found) process.stdout.write(`[radio-hub tests] ${command.join(' ')} is not installed: ${skipped} SKIPPED.\n`);
  return found;
}

/** Whether a redis-server binary is on PATH; in CI its absence is an error, not a skip. */
export function redisServerInstalled(): boolean {
  return programInstalled(['redis-server'], 'the Redis outage suite is');
}

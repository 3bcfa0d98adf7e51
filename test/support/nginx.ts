import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from './eventually.js';

/** Whether Debian's nginx is installed; in CI its absence is an error, not a skip. */
export function nginxInstalled(suite: string): boolean {
  const found = spawnSync('nginx', ['-v']).status === 0;
  if (!found && process.env.CI) throw new Error('CI=true but nginx is not installed; .ci/run must install it');
  if (!found) process.stdout.write(`[radio-hub tests] nginx is not installed: ${suite} is SKIPPED (apt-get install nginx).\n`);
  return found;
}

/** A directory nginx's workers (nobody, when the master is root) may write their temporary files in. */
export function nginxDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'radio-nginx-'));
  chmodSync(dir, 0o777);
  for (const sub of ['body', 'proxy']) mkdirSync(join(dir, sub), { mode: 0o777 });
  return dir;
}

/**
 * A shipped config (deploy/…) with its logs, pid and temporary files in `dir`, one worker, and
 * `swaps` (addresses, certificate paths) applied; each swap must find its line, or the shipped
 * file changed shape and the test says so.
 */
export function localNginxConfig(shipped: string, dir: string, swaps: Array<[RegExp, string]>): string {
  const all: Array<[RegExp, string]> = [
    [/^worker_processes .*;$/m, 'worker_processes 1;'],
    [/^error_log \S+/m, `error_log ${dir}/error.log`],
    [/^pid \S+;$/m, `pid ${dir}/nginx.pid;`],
    [/^(\s*)access_log \S+;$/m, `$1access_log ${dir}/access.log;\n$1client_body_temp_path ${dir}/body;\n$1proxy_temp_path ${dir}/proxy;`],
    ...swaps,
  ];
  let text = readFileSync(shipped, 'utf8');
  for (const [pattern, replacement] of all) {
    if (!pattern.test(text)) throw new Error(`${shipped} has no line matching ${pattern}`);
    text = text.replace(pattern, replacement);
  }
  return text;
}

/** Runs nginx on `config` in the foreground; resolves once `probe` passes (nginx tells nobody when it listens). */
export async function startNginx(dir: string, config: string, probe: () => Promise<void>): Promise<ChildProcess> {
  writeFileSync(join(dir, 'nginx.conf'), config);
  const nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  nginx.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  await eventually(async () => {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: ${errors}${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    await probe();
  });
  return nginx;
}

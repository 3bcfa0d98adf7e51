import type { ChildProcess } from 'node:child_process';

/** Kills a helper server hard, as a crash would, and resolves once it has exited. */
export function killProcess(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve(); // eslint-disable-line @typescript-eslint/prefer-optional-chain -- three plain checks read better here
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

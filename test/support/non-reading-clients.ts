import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { killProcess } from './kill-process.js';
import { programInstalled } from './redis-server-process.js';

// Node cannot set SO_RCVBUF on a TCP socket, and a paused Node socket still lets the kernel take
// megabytes into its receive buffer; a client that truly does not read (a small receive window,
// nothing read) is a few lines of Python.
const FLEET = `
import socket, sys
port, count, rcvbuf, first_address = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
request = sys.argv[5].encode('latin1')
held = []
for i in range(count):
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.bind(("127.0.0.%d" % (first_address + i // 20), 0))
    s.connect(("127.0.0.1", port))
    s.sendall(request)
    held.append(s)
print("connected", flush=True)
sys.stdin.read()
`;

/** Whether the client fleet (python3) and the kernel's socket view (`ss`, iproute2) are here; in CI their absence fails the run. */
export function pythonInstalled(): boolean {
  return programInstalled(['python3'], 'the kernel send-queue suite is') && programInstalled(['ss'], 'the kernel send-queue suite is');
}

/**
 * `count` clients that send `request` and never read a byte, with a receive buffer of `rcvbuf`
 * bytes, 20 per loopback address from 127.0.0.<firstAddress> (each address is its own client for
 * the limits). Resolves once every request is sent; `close` ends them all.
 */
export async function startNonReadingClients(options: { port: number; count: number; request: string; rcvbuf?: number; firstAddress?: number }): Promise<{ close(): Promise<void> }> {
  const child: ChildProcess = spawn(
    'python3',
    ['-c', FLEET, String(options.port), String(options.count), String(options.rcvbuf ?? 4096), String(options.firstAddress ?? 10), options.request],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the client fleet exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', () => resolve());
  });
  return { close: () => killProcess(child) };
}

/** The server side of every TCP connection on `port` in `states`: how many, and the bytes in their kernel send queues (`ss -tmn`). */
export function kernelSendQueues(port: number, states = ['established']): { connections: number; bytes: number } {
  let connections = 0;
  let bytes = 0;
  for (const state of states) {
    const out = spawnSync('ss', ['-tmnH', 'state', state, `( sport = :${port} )`]).stdout.toString();
    for (const line of out.split('\n')) {
      // With a state filter ss leaves the state column out: Recv-Q Send-Q Local Peer (then a skmem line).
      const fields = line.trim().split(/\s+/);
      if (fields.length < 4) continue;
      connections += 1;
      bytes += Number(fields[1]);
    }
  }
  return { connections, bytes };
}

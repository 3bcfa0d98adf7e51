import { createClient } from 'redis';

/** Sends one command to one server (a node, a sentinel) on its own short-lived connection. */
export async function adminCommand(port: number, args: string[]): Promise<unknown> {
  const client = createClient({ socket: { host: '127.0.0.1', port, connectTimeout: 1000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await client.sendCommand(args);
  } finally {
    client.destroy();
  }
}

/** `INFO <section>` as a field → value map. */
export async function info(port: number, section: string): Promise<Record<string, string>> {
  const text = String(await adminCommand(port, ['INFO', section]));
  return Object.fromEntries(
    text
      .split('\r\n')
      .filter((line) => line.includes(':'))
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
  );
}

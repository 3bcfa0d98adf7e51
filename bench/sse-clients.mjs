// Lightweight SSE clients: raw TCP connections to /api/live/events that look for a marker in the
// stream bytes, so 10,000 of them fit in one process. Driven over IPC:
//   {connect: {url, count, events?, sources?}} → {connected}; `events`: the ?events= asked for
//   (nowplaying first: a stream counts as open once its snapshot is in); `sources`: local
//   addresses (127.0.0.x) taken in turn, since one source address has only ~28k ephemeral ports
//   {expect: {marker}}      → {armed}, then {arrived: {marker, lastAt}} once every client has it
import { connect } from 'node:net';

const sockets = [];
let waiting = null; // { marker (Buffer), remaining, resolve }

function open(url, events, localAddress) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: hostname, ...(localAddress ? { localAddress } : {}) });
    socket.setNoDelay(true);
    let opened = false;
    let tail = Buffer.alloc(0);
    let seen = null; // the marker this socket already saw
    socket.on('connect', () => socket.write(`GET /api/live/events?events=${events} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`));
    socket.on('data', (data) => {
      if (!opened) {
        // Connected once the snapshot (the first event) is in.
        if (data.includes('event: nowplaying')) {
          opened = true;
          resolve(socket);
        } else if (!data.includes('200 OK') && !data.includes('retry:')) reject(new Error(`refused: ${data.toString().slice(0, 200)}`));
        return;
      }
      if (!waiting || seen === waiting.marker) return;
      // The marker may straddle two reads: keep the end of the previous one.
      const window = tail.length ? Buffer.concat([tail, data]) : data;
      if (window.includes(waiting.marker)) {
        seen = waiting.marker;
        waiting.remaining -= 1;
        if (waiting.remaining === 0) {
          const done = waiting;
          waiting = null;
          done.resolve(performance.timeOrigin + performance.now());
        }
      }
      tail = data.subarray(Math.max(0, data.length - 64));
    });
    socket.on('error', (error) => (opened ? undefined : reject(error)));
  });
}

process.on('message', async (message) => {
  if (message.connect) {
    const { url, count, events = 'nowplaying', sources = [] } = message.connect;
    // In batches: a burst of 10,000 handshakes at once only measures the accept queue.
    for (let i = 0; i < count; i += 200) {
      const batch = [];
      for (let j = i; j < Math.min(count, i + 200); j++) batch.push(open(url, events, sources[j % sources.length]));
      sockets.push(...(await Promise.all(batch)));
    }
    process.send({ connected: sockets.length });
  }
  if (message.expect) {
    const arrived = new Promise((resolve) => (waiting = { marker: Buffer.from(message.expect.marker), remaining: sockets.length, resolve }));
    process.send({ armed: message.expect.marker });
    process.send({ arrived: { marker: message.expect.marker, lastAt: await arrived } });
  }
  if (message.close) {
    for (const socket of sockets) socket.destroy();
    process.exit(0);
  }
});

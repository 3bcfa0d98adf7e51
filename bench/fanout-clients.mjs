// Lightweight live clients: raw WebSockets speaking just enough Engine.IO/Socket.IO (v4) to join
// /live and count `chat:message` frames, so 10,000 of them fit in one process. Driven over IPC:
//   {connect: {urls, count, sources?}} → {connected}; `sources`: local addresses (127.0.0.x) taken
//   in turn, since one source address has only ~28k ephemeral ports
//   {expect: {marker}}       → {armed}, then {arrived: {marker, lastAt}} once every client has it
import WebSocket from 'ws';

const sockets = [];
let waiting = null; // { marker (Buffer), remaining, resolve }
let closing = false;

function arrive() {
  waiting.remaining -= 1;
  if (waiting.remaining === 0) {
    const done = waiting;
    waiting = null;
    done.resolve(performance.timeOrigin + performance.now());
  }
}

function open(url, localAddress) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: false, ...(localAddress ? { localAddress } : {}) });
    let joined = false;
    ws.on('message', (data) => {
      // Frames arrive as Buffers; the hot case (a broadcast) is checked on the bytes, no decoding.
      if (joined) {
        if (waiting && data.includes(waiting.marker)) arrive();
        else if (data.length === 1 && data[0] === 0x32) ws.send('3'); // Engine.IO ping → pong
        return;
      }
      const text = data.toString();
      if (text.startsWith('0')) return ws.send('40/live,'); // open → join the namespace
      if (text.startsWith('40/live,')) {
        joined = true;
        return resolve(ws);
      }
      if (text.startsWith('44/live,')) return reject(new Error(`refused: ${text}`));
    });
    ws.on('error', (error) => (joined ? undefined : reject(error)));
    ws.on('close', (code, reason) => {
      if (closing) return;
      // A client the server dropped never gets another marker: waiting on it would hang the bench
      // with every server idle. Say so and stop; the bench fails with this line instead.
      process.stderr.write(`fanout-clients: a client ${joined ? 'was dropped' : 'closed before joining /live'} (close ${code} ${reason}) at ${url}\n`);
      process.exit(3);
    });
  });
}

process.on('message', async (message) => {
  if (message.connect) {
    const { urls, count, sources = [] } = message.connect;
    // Connect in batches: a burst of 10,000 handshakes at once only measures the accept queue.
    for (let i = 0; i < count; i += 200) {
      const batch = [];
      for (let j = i; j < Math.min(count, i + 200); j++) batch.push(open(urls[j % urls.length], sources[j % sources.length]));
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
    closing = true;
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});

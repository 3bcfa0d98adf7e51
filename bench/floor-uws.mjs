// The floor (issue 33): a bare uWS server that writes the frames our hub writes to the same kind of
// clients, with nothing behind it: Engine.IO/Socket.IO WebSocket clients of /live (just enough of
// the handshake for bench/fanout-clients.mjs) fed by uWS's own `app.publish`, and SSE streams on
// /api/live/events fed by a `res.cork(() => res.write(frame))` loop. `POST /api/mobile/chat`
// answers 201, then broadcasts the chat message to both.
//   node bench/floor-uws.mjs [immediate|callback]
// immediate (the floor): the broadcast runs from setImmediate after the answer, outside every uWS
// callback, where each response can be corked (one send per client per frame). callback: inside
// the POST's own callback, as a hub that fans out there does (only the POST's socket is corked).
import uWS from '../dist/http/uws.js';

const mode = process.argv[2] ?? 'immediate';
const NAMESPACE = '/live';
const app = uWS.App();
const streams = new Set();
let sequence = 0;

const nowPlaying = JSON.stringify({ song: { title: 'Floor', artist: 'Bench' }, listeners: 0, live: false });

app.ws('/socket.io/', {
  idleTimeout: 0,
  maxBackpressure: 1024 * 1024,
  open: (ws) => ws.send(`0{"sid":"floor${++sequence}","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":16384}`),
  message: (ws, message) => {
    const text = Buffer.from(message).toString();
    if (text.startsWith(`40${NAMESPACE},`)) {
      ws.send(`40${NAMESPACE},{"sid":"floor-${++sequence}"}`);
      ws.send(`42${NAMESPACE},${JSON.stringify(['nowplaying', JSON.parse(nowPlaying)])}`);
      ws.subscribe('live');
    }
  },
});

app.get('/api/live/events', (res) => {
  streams.add(res);
  res.onAborted(() => streams.delete(res));
  res.cork(() => {
    res.writeStatus('200 OK').writeHeader('Content-Type', 'text/event-stream; charset=utf-8').writeHeader('Cache-Control', 'no-cache, no-transform');
    res.write(`retry: 3000\n\nevent: nowplaying\ndata: ${nowPlaying}\n\n`);
  });
});

function broadcast(payload) {
  const data = JSON.stringify(payload);
  app.publish('live', `42${NAMESPACE},${JSON.stringify(['chat:message', payload])}`, false);
  const frame = Buffer.from(`id: ${payload.id}\nevent: chat:message\ndata: ${data}\n\n`);
  for (const res of streams) res.cork(() => res.write(frame));
}

app.post('/api/mobile/chat', (res) => {
  let body = Buffer.alloc(0);
  res.onAborted(() => undefined);
  res.onData((chunk, last) => {
    body = Buffer.concat([body, Buffer.from(chunk)]);
    if (!last) return;
    const { nickname, message } = JSON.parse(body.toString());
    const now = Date.now();
    const payload = { id: `${now}-${++sequence}`, nickname, message, timestamp: Math.floor(now / 1000) };
    res.cork(() =>
      res
        .writeStatus('201 Created')
        .writeHeader('Content-Type', 'application/json; charset=utf-8')
        .end(JSON.stringify({ success: true, data: payload })),
    );
    if (mode === 'callback') broadcast(payload);
    else setImmediate(() => broadcast(payload));
  });
});

app.listen('127.0.0.1', 0, (socket) => {
  if (!socket) process.exit(1);
  process.stdout.write(`${JSON.stringify({ msg: 'radio hub listening', port: uWS.us_socket_local_port(socket) })}\n`);
});
process.on('SIGTERM', () => process.exit(0));

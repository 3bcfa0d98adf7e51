// The reconnect wave's clients (issue 33, item 5): raw WebSockets speaking just enough
// Engine.IO/Socket.IO (v4) to join /live, which, when the server drops them, reconnect as
// socket.io-client does by default: attempt n waits min(1 s × 2^n, 5 s), ± up to half of it at
// random (its Backoff with reconnectionDelay 1000, reconnectionDelayMax 5000, randomizationFactor 0.5);
// a try that has not joined within 20 s (its `timeout`) is given up and counts as failed, as
// socket.io-client gives it up: without it a connect whose SYN the kernel dropped (a full accept
// queue) waits out TCP's own retries, minutes, which no real client does.
// Driven over IPC:
//   {connect: {url, count}} → {connected}
//   {wave: true}            → {back: {ms, attempts, timedOut, refused, serverErrors, statuses}} once every
//                             client dropped has joined again (ms from the first drop)
import WebSocket from 'ws';

const MIN_MS = 1000;
const MAX_MS = 5000;
const JITTER = 0.5;
const CONNECT_TIMEOUT_MS = 20_000;

/** socket.io-client's backoff (engine.io-client's Backoff), attempt 0 first. */
function backoffMs(attempt) {
  let ms = MIN_MS * 2 ** attempt;
  const rand = Math.random();
  const deviation = Math.floor(rand * JITTER * ms);
  ms = (Math.floor(rand * 10) & 1) === 0 ? ms - deviation : ms + deviation;
  return Math.min(ms, MAX_MS) | 0;
}

let url = '';
let joinedCount = 0;
let wave = null; // { startedAt, attempts, refused, serverErrors, statuses }

function open(onJoined, onFailed) {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: false });
  let joined = false;
  const giveUp = setTimeout(() => {
    if (wave) wave.timedOut++;
    ws.terminate();
  }, CONNECT_TIMEOUT_MS);
  ws.on('unexpected-response', (_req, res) => {
    onFailed(res.statusCode);
    res.resume();
    ws.terminate();
  });
  ws.on('message', (data) => {
    if (joined) {
      if (data.length === 1 && data[0] === 0x32) ws.send('3'); // Engine.IO ping → pong
      return;
    }
    const text = data.toString();
    if (text.startsWith('0')) return ws.send('40/live,');
    if (text.startsWith('40/live,')) {
      clearTimeout(giveUp);
      joined = true;
      onJoined(ws);
    }
    if (text.startsWith('44/live,')) {
      onFailed(0);
      ws.terminate();
    }
  });
  ws.on('error', () => undefined);
  ws.on('close', () => {
    clearTimeout(giveUp);
    if (!joined) onFailed(null);
  });
  return ws;
}

/** One client for its whole life: joins, and after each drop reconnects with the backoff. */
function client(resolveFirst) {
  let attempt = 0;
  let failedThisTry = false;
  const tryOnce = () => {
    failedThisTry = false;
    open(
      (ws) => {
        attempt = 0;
        joinedCount++;
        resolveFirst?.();
        resolveFirst = null;
        checkBack();
        ws.on('close', () => {
          joinedCount--;
          if (wave && wave.startedAt === 0) wave.startedAt = performance.now();
          setTimeout(tryOnce, backoffMs(attempt++));
        });
      },
      (status) => {
        if (failedThisTry) return;
        failedThisTry = true;
        if (wave) {
          wave.attempts++;
          if (status !== null) {
            wave.refused++;
            wave.statuses[status] = (wave.statuses[status] ?? 0) + 1;
            if (status >= 500) wave.serverErrors++;
          }
        }
        setTimeout(tryOnce, backoffMs(attempt++));
      },
    );
  };
  tryOnce();
}

let total = 0;
function checkBack() {
  if (!wave || wave.startedAt === 0 || joinedCount < total) return;
  const { startedAt, ...counts } = wave;
  wave = null;
  process.send({ back: { ms: performance.now() - startedAt, ...counts } });
}

process.on('message', async (message) => {
  if (message.connect) {
    url = message.connect.url;
    total = message.connect.count;
    // In batches, as the fan-out clients do: the first connect is not what is measured.
    for (let i = 0; i < total; i += 200) {
      const batch = [];
      for (let j = i; j < Math.min(total, i + 200); j++) batch.push(new Promise((resolve) => client(resolve)));
      await Promise.all(batch);
    }
    process.send({ connected: joinedCount });
  }
  if (message.wave) {
    wave = { startedAt: 0, attempts: 0, timedOut: 0, refused: 0, serverErrors: 0, statuses: {} };
    process.send({ armed: true });
  }
  if (message.close) process.exit(0);
});

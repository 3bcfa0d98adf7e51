// A full garbage collection in another process through its V8 inspector, so that RSS read after it
// is not caught mid-growth (the floor and the growth bench both read memory this way).
import WebSocket from 'ws';

/** HeapProfiler.collectGarbage over the inspector's WebSocket at `debuggerUrl`; resolves once it is done. */
export async function collectGarbageAt(debuggerUrl) {
  const socket = new WebSocket(debuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const answered = new Promise((resolve) => socket.once('message', resolve));
  socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
  await answered;
  socket.close();
}

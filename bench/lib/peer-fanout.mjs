// Chat fan-out on the plain Socket.IO peer (bench/peer-socketio-server.mjs), measured exactly as
// ours (lib/fanout.mjs: the same client fleet, the same REST post, the same clock), right after
// ours at the same number of clients, so the two rows see the same machine.
import { startPeer } from './baselines.mjs';
import { benchFanout } from './fanout.mjs';
import { stop } from './processes.mjs';

export async function benchPeerFanout(statusContract, { clients, posts }) {
  const peer = await startPeer(statusContract);
  try {
    return await benchFanout([peer], { clients, posts });
  } finally {
    await stop(peer.child);
  }
}

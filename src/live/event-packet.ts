/**
 * A Socket.IO EVENT packet as socket.io-parser encodes `socket.emit(event, payload)` on
 * `namespace`: the type "2", the namespace and a comma (left out for "/"), then the JSON array
 * `[event,payload]`, written from the payload's JSON text, which the callers already hold (made
 * once for every client): `[event,payload]` by hand is what JSON.stringify would write.
 */
export function eventPacket(namespace: string, event: string, payloadJson: string): string {
  return `2${namespace === '/' ? '' : `${namespace},`}[${JSON.stringify(event)},${payloadJson}]`;
}

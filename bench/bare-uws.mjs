// The yardstick: a bare uWebSockets.js handler per path returning exactly the bytes (status,
// content type, body) our service answered, with no work at all behind it.
// The same uWS build the service runs on (the loader picks it; npm run bench builds dist/ first).
import uWS from '../dist/http/uws.js';
import { readFileSync } from 'node:fs';

const responses = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = uWS.App();
for (const [key, answer] of Object.entries(responses)) {
  const [method, path] = key.split(' ');
  const body = Buffer.from(answer.body, 'base64');
  const handler = (res) => {
    if (method === 'POST') {
      // Read the body like a real handler must, then answer.
      res.onAborted(() => {});
      res.onData((_, last) => {
        if (last) res.cork(() => res.writeStatus(answer.status).writeHeader('Content-Type', answer.contentType).end(body));
      });
      return;
    }
    res.writeStatus(answer.status).writeHeader('Content-Type', answer.contentType).end(body);
  };
  if (method === 'POST') app.post(path, handler);
  else app.get(path, handler);
}
app.listen('127.0.0.1', 0, (socket) => {
  if (!socket) process.exit(1);
  process.stdout.write(`${JSON.stringify({ port: uWS.us_socket_local_port(socket) })}\n`);
});
process.on('SIGTERM', () => process.exit(0));

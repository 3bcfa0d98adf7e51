import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// The default chat filter of a Christian station (issue 19, point 6): the names and Bible words
// obscenity's English list would catch get through as whole phrases, the usual abuse does not.

describe('the default chat filter, through the real server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ chat: { repeatWindowSeconds: 0 } });
  });
  afterAll(() => server.close());

  const post = (message: string) => call(`${server.url}/api/mobile/chat`, { body: { nickname: 'Ruth', message } });

  it.each(['Reading Moby Dick this week', 'Dick Clark hosted it for years', 'the word of God says ass in Numbers 22', "Balaam's ass saw the angel", 'Numbers 22:28 is where the ass spoke'])(
    'lets %j through',
    async (message) => {
      const res = await post(message);
      expect(res.status).toBe(201);
      expect(res.body.data.message).toBe(message);
    },
  );

  it.each(['you are a dick', 'kiss my ass', 'fuck this', 'what a bitch', 'sh1t show', 'you ass'])('still refuses %j, saying why', async (message) => {
    const res = await post(message);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'CONTENT_REJECTED', reason: 'language' });
  });
});

import { describe, expect, it } from 'vitest';
import { serviceWorld } from '../support/service-world.js';

const alice = { client: '198.51.100.7' };
const naomi = { name: 'Naomi', role: 'moderator' as const };

describe('ChatService with a fake clock', () => {
  it('stores a post and publishes it once as chat:message', async () => {
    const world = serviceWorld();
    const posted = await world.chat.post({ nickname: 'Alice', message: 'Good morning!' }, alice);
    expect(posted).toMatchObject({ nickname: 'Alice', message: 'Good morning!', timestamp: world.now / 1000 });
    expect(world.published).toEqual([{ event: 'chat:message', payload: posted }]);
    expect(await world.chat.history(undefined, 50)).toEqual([posted]);
  });

  it('refuses the 6th message of a client within 10 s, and takes it again once the window has passed', async () => {
    const world = serviceWorld();
    for (let i = 1; i <= 5; i++) {
      await world.chat.post({ nickname: 'Alice', message: `message ${i}` }, alice);
      world.advance(1);
    }
    // 5 s into the window: 5 s left of it.
    await expect(world.chat.post({ nickname: 'Alice', message: 'message 6' }, alice)).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 5 });
    // Another client has a budget of its own.
    await world.chat.post({ nickname: 'Bob', message: 'hello' }, { client: '203.0.113.9' });
    world.advance(5);
    await world.chat.post({ nickname: 'Alice', message: 'message 6' }, alice);
    expect(world.eventNames().filter((event) => event === 'chat:message')).toHaveLength(7);
  });

  it('stops a flooding connection without spending the rest of its client’s budget', async () => {
    const world = serviceWorld({ chatPerConnection: { limit: 3, windowSeconds: 10 } });
    for (let i = 1; i <= 3; i++) await world.chat.post({ nickname: 'Alice', message: `socket ${i}` }, { ...alice, connectionId: 'socket-1' });
    await expect(world.chat.post({ nickname: 'Alice', message: 'socket 4' }, { ...alice, connectionId: 'socket-1' })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: 10,
    });
    // The same client through another connection (or REST) still has 2 of its 5.
    await world.chat.post({ nickname: 'Alice', message: 'socket 4' }, { ...alice, connectionId: 'socket-2' });
    await world.chat.post({ nickname: 'Alice', message: 'rest 5' }, alice);
    await expect(world.chat.post({ nickname: 'Alice', message: 'rest 6' }, alice)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('refuses a banned nickname and its look-alikes until the ban ends', async () => {
    const world = serviceWorld();
    await world.moderation.ban([{ kind: 'nickname', value: 'Troll' }], 600, null, naomi);
    await expect(world.chat.post({ nickname: 'Troll', message: 'hi' }, { client: '192.0.2.1' })).rejects.toMatchObject({ code: 'CONTENT_REJECTED' });
    // Cyrillic "Т" and fullwidth letters.
    await expect(world.chat.post({ nickname: 'Тroll', message: 'hi' }, { client: '192.0.2.2' })).rejects.toMatchObject({ code: 'CONTENT_REJECTED' });
    await expect(world.chat.post({ nickname: 'ＴＲＯＬＬ', message: 'hi' }, { client: '192.0.2.3' })).rejects.toMatchObject({ code: 'CONTENT_REJECTED' });
    await world.chat.post({ nickname: 'Trolley', message: 'hi' }, { client: '192.0.2.4' });
    world.advance(600);
    await world.chat.post({ nickname: 'Troll', message: 'hi' }, { client: '192.0.2.1' });
    expect(world.published.map((p) => (p.payload as { nickname: string }).nickname)).toEqual(['Trolley', 'Troll']);
  });

  it('refuses every nickname from a banned address', async () => {
    const world = serviceWorld();
    await world.moderation.ban([{ kind: 'ip', value: alice.client }], 60, null, naomi);
    await expect(world.chat.post({ nickname: 'Someone Else', message: 'hi' }, alice)).rejects.toMatchObject({ code: 'CONTENT_REJECTED' });
    expect(world.published).toEqual([]);
  });

  it('refuses reserved nicknames, written any way', async () => {
    const world = serviceWorld({ reservedNicknames: ['admin', 'Sarah Miller'] });
    for (const nickname of ['admin', 'ADMIN', 'аdmin', 'sarah_miller', 'SarahMiller']) {
      await expect(world.chat.post({ nickname, message: 'official notice' }, { client: `192.0.2.${nickname.length}` })).rejects.toMatchObject({
        code: 'CONTENT_REJECTED',
      });
    }
    expect(world.published).toEqual([]);
  });

  it('refuses the same text twice within the repeat window, and takes it after', async () => {
    const world = serviceWorld({ repeatWindowSeconds: 60 });
    await world.chat.post({ nickname: 'Alice', message: 'Play more hymns' }, alice);
    world.advance(20);
    // Case and spacing do not make it another message.
    await expect(world.chat.post({ nickname: 'Alice', message: 'play  more HYMNS' }, alice)).rejects.toMatchObject({ code: 'CONTENT_REJECTED' });
    // Another sender may say the same.
    await world.chat.post({ nickname: 'Bob', message: 'Play more hymns' }, { client: '203.0.113.9' });
    // The window counts from the last attempt: a repeat keeps the text refused.
    world.advance(60);
    await world.chat.post({ nickname: 'Alice', message: 'Play more hymns' }, alice);
    expect(world.eventNames()).toEqual(['chat:message', 'chat:message', 'chat:message']);
  });

  it('returns the last hour of history by default', async () => {
    const world = serviceWorld();
    const old = await world.chat.post({ nickname: 'Alice', message: 'an hour ago' }, alice);
    world.advance(60 * 60);
    const recent = await world.chat.post({ nickname: 'Alice', message: 'just now' }, alice);
    expect(await world.chat.history(undefined, 50)).toEqual([recent]);
    expect(await world.chat.history(0, 50)).toEqual([old, recent]);
  });

  it('deletes a message from history and announces it', async () => {
    const world = serviceWorld();
    const posted = await world.chat.post({ nickname: 'Alice', message: 'oops' }, alice);
    expect(await world.moderation.remove(posted.id, naomi)).not.toBeNull();
    expect(await world.moderation.remove(posted.id, naomi)).toBeNull();
    expect(await world.chat.history(undefined, 50)).toEqual([]);
    expect(world.published.at(-1)).toEqual({ event: 'chat:deleted', payload: { id: posted.id } });
    expect(world.eventNames().filter((event) => event === 'chat:deleted')).toHaveLength(1);
  });

  it('bans the sender of a message under any nickname, without showing staff the address', async () => {
    const world = serviceWorld();
    const troll = { client: '2001:db8:7:7::/64' };
    const posted = await world.chat.post({ nickname: 'Troll99', message: 'spam' }, troll);
    const { ban } = await world.moderation.banSender(posted.id, 600, 'spam', naomi);
    expect(ban).toMatchObject({ kind: 'sender', label: 'Troll99', by: 'Naomi', reason: 'spam' });
    expect(JSON.stringify(await world.moderation.bans())).not.toContain('2001:db8');
    await expect(world.chat.post({ nickname: 'NiceGuy', message: 'hello' }, troll)).rejects.toMatchObject({ code: 'CONTENT_REJECTED' });
    await world.chat.post({ nickname: 'NiceGuy', message: 'hello' }, alice);
    // Lifted by the reference the list gives.
    expect(await world.moderation.unban('sender', ban.value, naomi)).toBe(true);
    await world.chat.post({ nickname: 'NiceGuy', message: 'back' }, troll);
    const actions = (await world.audit.recent(10)).map((e) => `${e.actor} ${e.action} ${e.target}`);
    expect(actions).toEqual([`Naomi chat.unban sender "Troll99"`, `Naomi chat.ban sender of message ${posted.id} ("Troll99")`]);
  });

  it('undoes a delete (the message returns under a new id) and a ban, once each, within 30 seconds', async () => {
    const world = serviceWorld();
    const posted = await world.chat.post({ nickname: 'Alice', message: 'not spam' }, alice);
    const undoDelete = (await world.moderation.remove(posted.id, naomi))!;
    world.advance(29);
    const restored = await world.moderation.undo(undoDelete.token, naomi);
    expect(restored).toMatchObject({ undone: 'delete', message: { nickname: 'Alice', message: 'not spam' } });
    expect(restored!.message!.id).not.toBe(posted.id);
    expect(world.published.at(-1)).toMatchObject({ event: 'chat:message', payload: { message: 'not spam' } });
    expect(await world.moderation.undo(undoDelete.token, naomi)).toBeNull();
    // The restored message keeps its sender: a ban on it still reaches them.
    const { undo } = await world.moderation.banSender(restored!.message!.id, 600, null, naomi);
    await expect(world.chat.post({ nickname: 'Alice2', message: 'x' }, alice)).rejects.toMatchObject({ code: 'CONTENT_REJECTED' });
    world.advance(31);
    expect(await world.moderation.undo(undo.token, naomi)).toBeNull();
    const late = await world.moderation.ban([{ kind: 'nickname', value: 'Bob' }], 600, null, naomi);
    expect(await world.moderation.undo(late.undo.token, naomi)).toEqual({ undone: 'ban', message: null });
    expect(await world.moderation.bans()).toHaveLength(1);
  });
});

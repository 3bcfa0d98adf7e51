import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { offlineCountryLookup } from '../../src/poller/country-lookup.js';
import { ListenerDescriber } from '../../src/poller/listener-traits.js';
import { playerName } from '../../src/poller/player-name.js';

const connection = (address: string, id: string | null, userAgent: string) => ({ address, connectedSeconds: 60, id, userAgent });
const countries = offlineCountryLookup();

describe('what the reports keep of a listener', () => {
  it('names the player from its User-Agent: browsers by ua-parser-js, the common media players added, anything else Other', () => {
    expect(playerName('VLC/3.0.20 LibVLC/3.0.20')).toBe('VLC');
    expect(playerName('WinampMPEG/5.66')).toBe('Winamp');
    expect(playerName('Lavf/60.3.100')).toBe('FFmpeg');
    expect(playerName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36')).toBe('Chrome');
    expect(playerName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1')).toBe('Mobile Safari');
    expect(playerName('')).toBe('Other');
    expect(playerName('SomethingNobodyKnows/1.0')).toBe('Other');
  });

  it('finds the country of fixed addresses in the offline database, and none for loopback or private ones', () => {
    expect(countries.countryOf('8.8.8.8')).toBe('US');
    expect(countries.countryOf('81.2.69.142')).toBe('GB');
    expect(countries.countryOf('5.9.1.1')).toBe('DE');
    expect(countries.countryOf('2001:4860:4860::8888')).toBe('US');
    expect(countries.countryOf('127.0.0.1')).toBe('');
    expect(countries.countryOf('192.168.1.20')).toBe('');
    expect(countries.countryOf('not an address')).toBe('');
  });

  it('under no_ip keeps no address, nor a plain hash of it: a keyed hash whose key changes with the station day', () => {
    let now = Date.parse('2026-05-28T12:00:00Z');
    const describer = new ListenerDescriber('no_ip', 'America/Chicago', countries, () => now);
    const heard = describer.describe(connection('81.2.69.142', '41', 'VLC/3.0.20'), 'main')!;
    expect(heard).toEqual({ session: 'main#41', mount: 'main', connectedSeconds: 60, player: 'VLC', country: 'GB', visitor: expect.any(String) });
    const text = JSON.stringify(heard);
    expect(text).not.toContain('81.2.69.142');
    for (const algorithm of ['md5', 'sha1', 'sha256']) expect(text).not.toContain(createHash(algorithm).update('81.2.69.142').digest('hex').slice(0, 12));
    // The same address the same day: one listener; another address: another.
    expect(describer.describe(connection('81.2.69.142', '42', 'mpv'), 'main')!.visitor).toBe(heard.visitor);
    expect(describer.describe(connection('81.2.69.143', '43', 'mpv'), 'main')!.visitor).not.toBe(heard.visitor);
    // The next station day has another key: yesterday's tokens cannot be matched to today's.
    now += 86_400_000;
    expect(describer.describe(connection('81.2.69.142', '41', 'VLC/3.0.20'), 'main')!.visitor).not.toBe(heard.visitor);
  });

  it('under full keeps the address, and skips a connection without the server id (it cannot be followed)', () => {
    const describer = new ListenerDescriber('full', 'UTC', countries, Date.now);
    expect(describer.describe(connection('8.8.8.8', '7', 'curl/8.0'), 'relay')).toMatchObject({ session: 'relay#7', address: '8.8.8.8', visitor: '8.8.8.8', country: 'US', player: 'curl' });
    expect(describer.describe(connection('8.8.8.8', null, 'curl/8.0'), 'relay')).toBeNull();
  });
});

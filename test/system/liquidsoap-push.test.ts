import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { killProcess } from '../support/kill-process.js';
import { call, startTestServer, type TestServer } from '../support/test-server.js';

// Issue 29 item 1: Debian's real Liquidsoap runs a station script that includes the push
// (deploy/liquidsoap/push-nowplaying.liq) and posts each track it starts, from its track hook,
// to the hub; the hub shows the track with what the playlist's annotations gave.

const SCRIPT = fileURLToPath(new URL('../../deploy/liquidsoap/push-nowplaying.liq', import.meta.url));
const PLAYOUT_KEY = 'liquidsoap-automation-key-with-enough-entropy';

function liquidsoapInstalled(): boolean {
  const found = spawnSync('liquidsoap', ['--version']).status === 0;
  if (!found && process.env.CI) throw new Error('CI=true but liquidsoap is not installed; .ci/run must install it');
  if (!found) process.stdout.write('[radio-hub tests] liquidsoap is not installed: the Liquidsoap push suite is SKIPPED (apt-get install liquidsoap).\n');
  return found;
}

/** Two seconds of a 440 Hz tone as a 16-bit mono WAV (no encoder needed: Liquidsoap decodes WAV itself). */
function toneWav(seconds: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(8000 * Math.sin((i * 2 * Math.PI * 440) / rate)), 44 + i * 2);
  return wav;
}

describe('Liquidsoap pushes the track it starts', () => {
  if (!liquidsoapInstalled()) {
    it.skip('skipped: liquidsoap is not installed', () => undefined);
    return;
  }
  let server: TestServer;
  let liquidsoap: ChildProcess | null = null;
  const output: string[] = [];
  const folder = mkdtempSync(join(tmpdir(), 'radio-hub-liquidsoap-'));
  beforeAll(async () => {
    server = await startTestServer({ staff: [{ name: 'Liquidsoap', role: 'automation', keyHash: `sha256:${createHash('sha256').update(PLAYOUT_KEY).digest('hex')}` }] });
    const tone = join(folder, 'tone.wav');
    writeFileSync(tone, toneWav(2));
    // The playlist's annotations stand in for a file's tags.
    writeFileSync(
      join(folder, 'playlist.txt'),
      [
        `annotate:artist="Lauren Daigle",title="Rescue",album="Look Up Child",duration="200",artwork_url="https://art.example/rescue.jpg":${tone}`,
        `annotate:artist="CeCe Winans",title="Goodness of God":${tone}`,
      ].join('\n'),
    );
    // The station's script as docs/polling.md shows it: its source, then the push on each track.
    const station = join(folder, 'station.liq');
    writeFileSync(
      station,
      [
        // Its log on stdout (into the failure message), not in /var/log; a root run (CI containers) allowed.
        'settings.log.stdout.set(true)',
        'settings.log.file.set(false)',
        ...(process.getuid?.() === 0 ? ['settings.init.allow_root.set(true)'] : []),
        `%include "${SCRIPT}"`,
        `radio = playlist(mode="normal", reload_mode="never", "${join(folder, 'playlist.txt')}")`,
        `radio.on_track(hub_push(url="${server.url}", key="${PLAYOUT_KEY}"))`,
        'output.dummy(fallible=true, radio)',
      ].join('\n'),
    );
    liquidsoap = spawn('liquidsoap', [station]);
    for (const stream of [liquidsoap.stdout!, liquidsoap.stderr!]) stream.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  });
  afterAll(async () => {
    await killProcess(liquidsoap);
    await server?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const nowPlaying = async () => (await call(`${server.url}/api/mobile/nowplaying`)).body.data;

  it('shows each pushed track with its album, duration and artwork', async () => {
    // Liquidsoap type-checks its standard library at start: tens of seconds on a busy machine.
    const first = await eventually(
      async () => {
        const data = await nowPlaying();
        if (data.now_playing?.song.title !== 'Rescue') throw new Error(`no push yet; Liquidsoap said:\n${output.join('').slice(-2000)}`);
        return data;
      },
      120_000,
      200,
    );
    expect(first.now_playing).toMatchObject({ song: { artist: 'Lauren Daigle', album: 'Look Up Child', art: 'https://art.example/rescue.jpg' }, duration: 200 });
    // The next track is pushed by the same hook; its blank tags count as not given (no album, no duration).
    const second = await eventually(
      async () => {
        const data = await nowPlaying();
        if (data.now_playing?.song.title !== 'Goodness of God') throw new Error(`second track not pushed; Liquidsoap said:\n${output.join('').slice(-2000)}`);
        return data;
      },
      30_000,
      200,
    );
    expect(second.now_playing.song.album).toBeUndefined();
    expect(second.now_playing.duration).toBeUndefined();
    expect(second.song_history[0].song).toMatchObject({ title: 'Rescue', album: 'Look Up Child' });
    expect(output.join('')).toContain('hub push Rescue: 200');
  }, 180_000);
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from './eventually.js';
import { SOURCE_PASSWORD, type IcecastServer } from './icecast.js';

/** Whether ffmpeg (with libmp3lame) is installed; in CI its absence is an error, not a skip. */
export function ffmpegInstalled(suite: string): boolean {
  const found = spawnSync('ffmpeg', ['-version']).status === 0;
  if (!found && process.env.CI) throw new Error('CI=true but ffmpeg is missing; .ci/run must install it');
  if (!found) process.stdout.write(`[radio-hub tests] ffmpeg is not installed: ${suite} is SKIPPED (apt-get install ffmpeg).\n`);
  return found;
}

const SAMPLE_RATE = 44_100;
const SAMPLES_PER_FRAME = 1152; // MPEG-1 Layer III
export const FRAME_SECONDS = SAMPLES_PER_FRAME / SAMPLE_RATE;
const BITRATES_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];

/** The MPEG-1 Layer III frames of a file ffmpeg wrote (no ID3 tag, no Xing frame: asked for none). */
function mp3Frames(file: Buffer): Buffer[] {
  const frames: Buffer[] = [];
  let at = 0;
  while (at + 4 <= file.length) {
    const header = file.readUInt32BE(at);
    if (header >>> 21 !== 0x7ff) throw new Error(`no MPEG frame at byte ${at}`);
    const kbps = BITRATES_KBPS[(header >>> 12) & 0xf]!;
    const padding = (header >>> 9) & 1;
    const length = Math.floor((144_000 * kbps) / SAMPLE_RATE) + padding;
    frames.push(file.subarray(at, at + length));
    at += length;
  }
  return frames;
}

/** One song of the tone source: its title as Icecast gets it, and its tone. */
export interface ToneSong {
  frequency: number;
  artist: string;
  title: string;
}

/** `count` songs, each a sine tone of its own frequency (300 Hz, 400 Hz, …) with a title naming it. */
export function toneSongs(count: number): ToneSong[] {
  return Array.from({ length: count }, (_, i) => ({ frequency: 300 + 100 * i, artist: 'Test tones', title: `Tone ${300 + 100 * i} Hz` }));
}

/**
 * A real source as a playout system is one: songs of `seconds` each, every one a different sine
 * tone encoded by ffmpeg (libmp3lame, 128 kbps CBR), sent to Icecast in real time by HTTP PUT, one
 * after the other in a loop; at each boundary the song's title goes to Icecast's /admin/metadata
 * before the first byte of its audio, so Icecast ties the title to exactly that audio.
 */
export class ToneSource {
  private readonly socket: Socket;
  private readonly segments: Buffer[][];
  private running = true;
  private readonly loop: Promise<void>;

  private constructor(
    private readonly icecast: IcecastServer,
    private readonly mount: string,
    readonly songs: readonly ToneSong[],
    seconds: number,
  ) {
    const dir = mkdtempSync(join(tmpdir(), 'radio-tones-'));
    try {
      this.segments = songs.map((song, i) => {
        const out = join(dir, `${i}.mp3`);
        const encoded = spawnSync('ffmpeg', [
          ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=${song.frequency}:sample_rate=${SAMPLE_RATE}:duration=${seconds}`],
          ...['-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', '-write_xing', '0', '-id3v2_version', '0', '-f', 'mp3', out],
        ]);
        if (encoded.status !== 0) throw new Error(`ffmpeg could not encode ${song.frequency} Hz: ${encoded.stderr.toString()}`);
        return mp3Frames(readFileSync(out));
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // A raw socket, not node:http: its request body would be chunked, and Icecast 2.4 takes a
    // source's body as it comes, chunk sizes and all.
    this.socket = connect({ host: '127.0.0.1', port: icecast.port });
    this.socket.on('error', () => undefined);
    const head = [
      `PUT ${mount} HTTP/1.1`,
      `Host: 127.0.0.1:${icecast.port}`,
      `Authorization: Basic ${Buffer.from(`source:${SOURCE_PASSWORD}`).toString('base64')}`,
      'Content-Type: audio/mpeg',
      'Ice-Name: Tone station',
      'Ice-Public: 0',
      'Ice-Audio-Info: bitrate=128',
      'Expect: 100-continue',
    ];
    this.socket.write(`${head.join('\r\n')}\r\n\r\n`);
    const accepted = new Promise<void>((resolve, reject) => {
      this.socket.once('data', (answer: Buffer) => {
        const status = /^HTTP\/1\.[01] (\d+)/.exec(answer.toString('latin1'))?.[1];
        if (status === '100' || status === '200') resolve();
        else reject(new Error(`source refused: ${answer.toString('latin1').split('\r\n')[0]}`));
      });
      this.socket.once('error', reject);
    });
    this.loop = accepted.then(() => this.stream());
  }

  /** Starts streaming once Icecast takes the source; resolves when it does. */
  static async start(icecast: IcecastServer, mount: string, songs: readonly ToneSong[], seconds: number): Promise<ToneSource> {
    const source = new ToneSource(icecast, mount, songs, seconds);
    await Promise.race([source.firstSong, source.loop.then(() => Promise.reject(new Error('the tone source stopped before its first song')))]);
    return source;
  }

  private announced: () => void = () => undefined;
  private readonly firstSong = new Promise<void>((resolve) => (this.announced = resolve));

  /** Frames at the pace they play (one every 26.1 ms), the title set as each song's first frame goes. */
  private async stream(): Promise<void> {
    const started = performance.now();
    let sent = 0;
    for (let song = 0; this.running; song = (song + 1) % this.segments.length) {
      const { artist, title } = this.songs[song]!;
      // Icecast may take the metadata of a new source a moment after it took its connection.
      await eventually(() => this.icecast.setSong(this.mount, { song: `${artist} - ${title}` }), 5000);
      this.announced();
      for (const frame of this.segments[song]!) {
        if (!this.running) return;
        // Pacing a real-time source against the clock (not waiting for anything to happen).
        const due = started + sent * FRAME_SECONDS * 1000;
        if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
        this.socket.write(frame);
        sent++;
      }
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    this.socket.destroy();
    await this.loop.catch(() => undefined);
  }
}

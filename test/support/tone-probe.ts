/// <reference lib="dom" />
import type { Page } from 'playwright-core';

/** What the page heard and showed, in its own clock (performance.now(), ms). */
export interface ProbeRecord {
  /**
   * Each change of the dominant tone on the playing element: the frequency it settled on, when it was
   * first read, and the read before (`after`): it began between the two (far apart on a busy machine).
   */
  tones: Array<{ at: number; after: number; frequency: number }>;
  /** Each change of the shown title's text, and when. */
  titles: Array<{ at: number; text: string }>;
}

/**
 * Ground truth from the audio itself: a Web Audio analyser on the page's playing <audio> element
 * (createMediaElementSource: the stream must be same-origin, here through nginx's /stream/) names
 * the tone sounding every 5 ms; a MutationObserver notes when the title on the page changes. Both in
 * the page's clock, so no clock is compared across processes.
 */
export async function installToneProbe(page: Page, frequencies: readonly number[], titleSelector: string): Promise<void> {
  await page.evaluate(
    ([frequencies, titleSelector]) => {
      const audio = document.querySelector('audio')!;
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      analyser.fftSize = 2048;
      analyser.smoothingTimeConstant = 0;
      context.createMediaElementSource(audio).connect(analyser);
      analyser.connect(context.destination);
      const bins = new Float32Array(analyser.frequencyBinCount);
      const record: ProbeRecord = { tones: [], titles: [] };
      (window as unknown as { toneProbe: ProbeRecord }).toneProbe = record;
      // A tone counts once it is the loudest bin (well above silence) for three reads in a row; it began at the first.
      let candidate: { frequency: number; at: number; after: number; reads: number } | null = null;
      let lastRead = performance.now();
      setInterval(() => {
        const previousRead = lastRead;
        lastRead = performance.now();
        analyser.getFloatFrequencyData(bins);
        let loudest = 0;
        for (let i = 1; i < bins.length; i++) if (bins[i]! > bins[loudest]!) loudest = i;
        const heard = (loudest * context.sampleRate) / analyser.fftSize;
        const nearest = frequencies.reduce((best, f) => (Math.abs(f - heard) < Math.abs(best - heard) ? f : best));
        // Silence (the encoder's lead-in at a song's start) or noise names no tone: keep the last one.
        if (bins[loudest]! < -60 || Math.abs(nearest - heard) > 40) return;
        const last = record.tones.at(-1)?.frequency;
        if (nearest === last) return void (candidate = null);
        if (candidate?.frequency !== nearest) candidate = { frequency: nearest, at: lastRead, after: previousRead, reads: 0 };
        if (++candidate.reads >= 3) {
          record.tones.push({ frequency: candidate.frequency, at: candidate.at, after: candidate.after });
          candidate = null;
        }
      }, 5);
      const noteTitle = () => {
        const text = document.querySelector(titleSelector)?.textContent ?? '';
        if (text !== record.titles.at(-1)?.text) record.titles.push({ at: performance.now(), text });
      };
      noteTitle();
      new MutationObserver(noteTitle).observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    [frequencies, titleSelector] as const,
  );
}

export async function readToneProbe(page: Page): Promise<ProbeRecord> {
  return page.evaluate(() => (window as unknown as { toneProbe: ProbeRecord }).toneProbe);
}

/** Waits (on the page's own record) until it has heard `count` tones. */
export async function waitForTones(page: Page, count: number, timeoutMs: number): Promise<void> {
  await page.waitForFunction((count) => (window as unknown as { toneProbe: ProbeRecord }).toneProbe.tones.length >= count, count, { timeout: timeoutMs, polling: 250 });
}

const TIMEOUT_MS = 2000;
const MAX_BYTES = 512 * 1024;

/**
 * GETs a stream server's status page with the limits a poller needs: at most 2 s, no redirects
 * (a status URL that moves is a misconfiguration, not something to follow blindly), and at most
 * 512 KiB read, so a server that streams audio at us instead of stats cannot fill memory.
 */
export async function fetchStatus(url: string, headers: Record<string, string> = {}): Promise<{ status: number; contentType: string; text: string }> {
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS), headers });
  if (response.status >= 300) {
    await response.body?.cancel();
    throw new Error(`status page answered HTTP ${response.status}`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new Error(`status page larger than ${MAX_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: Buffer.concat(chunks).toString('utf8') };
}

export const describeError = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

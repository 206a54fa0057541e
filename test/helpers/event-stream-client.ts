/** One Server-Sent Event as a client sees it. */
export interface StreamEvent {
  readonly id: string | undefined;
  readonly event: string;
  readonly data: string;
}

export interface StreamClient {
  readonly status: number;
  readonly headers: Headers;
  readonly events: StreamEvent[];
  /** Resolves when the server ended the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

/** Opens `GET url` and parses the SSE frames as they arrive (a real HTTP client, no EventSource polyfill). */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<StreamClient> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const events: StreamEvent[] = [];
  const ended = (async () => {
    if (response.body === null) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const parsed = parseFrame(frame);
          if (parsed !== undefined) events.push(parsed);
        }
      }
    } catch {
      // Closed by the client.
    }
  })();
  return { status: response.status, headers: response.headers, events, ended, close: () => abort.abort() };
}

function parseFrame(frame: string): StreamEvent | undefined {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return undefined;
  return { id, event, data: data.join('\n') };
}

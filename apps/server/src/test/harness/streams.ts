/** One server-sent event as a subscriber receives it. */
export interface ReceivedEvent {
  event: string;
  data: any;
}

/** An open `GET /api/events` stream read over real HTTP. */
export interface EventStream {
  status: number;
  contentType: string | null;
  received: ReceivedEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  next(match: (e: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Settles when the stream is over: ended by the server, or closed here. */
  done: Promise<void>;
  close(): void;
}

/** Subscribes to `{baseUrl}/api/events` with `headers` and parses the stream as it arrives. */
export async function openEventStream(baseUrl: string, headers: Record<string, string>, query = ''): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events${query}`, { headers, signal: controller.signal });
  const received: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const stream: EventStream = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    received,
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return false;
          waiters.delete(check as () => void);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check as () => void);
          reject(new Error(`no matching event within ${timeoutMs} ms; received ${JSON.stringify(received)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check as () => void);
      });
    },
    done: Promise.resolve(),
    close: () => controller.abort(),
  };
  if (res.body && res.ok) {
    stream.done = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length === 0) continue; // keep-alive comment
            received.push({ event, data: JSON.parse(data.join('\n')) });
            waiters.forEach((w) => w());
          }
        }
      } catch {
        // aborted by close()
      }
    })();
  } else {
    await res.body?.cancel();
  }
  return stream;
}

// The browser as the client's stores see it, for unit tests in Node: fetch,
// recording every request as sent and answering it (or dropping it) when the
// test says (an abort rejects it as the browser does), and the document's visibility and title.
import { vi } from 'vitest';

export interface Sent {
  url: URL;
  body: unknown;
  answer(status: number, body: unknown, headers?: Record<string, string>): void;
  /** No answer comes: the connection dropped (fetch rejects as the browser's does). */
  fail(): void;
  aborted: boolean;
  answered: boolean;
}

export function stubNetwork() {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit) => {
    const url = new URL(path, 'http://study-swamp.test');
    if (url.pathname === '/api/get-token/') return Promise.resolve(new Response(JSON.stringify({ token: 'csrf' }), { status: 200 }));
    return new Promise<Response>((resolve, reject) => {
      const request: Sent = {
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        aborted: false,
        answered: false,
        answer: (status, body, headers) => {
          request.answered = true;
          resolve(new Response(JSON.stringify(body), { status, headers }));
        },
        fail: () => {
          request.answered = true;
          reject(new TypeError('Failed to fetch'));
        },
      };
      init.signal?.addEventListener('abort', () => {
        request.aborted = true;
        reject(new DOMException('aborted', 'AbortError'));
      });
      sent.push(request);
    });
  });
  return sent;
}

export function stubDocument() {
  const listeners = new Set<() => void>();
  const doc = {
    hidden: false,
    title: '',
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    setHidden(hidden: boolean) {
      doc.hidden = hidden;
      for (const listener of listeners) listener();
    },
  };
  vi.stubGlobal('document', doc);
  return doc;
}

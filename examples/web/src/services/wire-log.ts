// Records every API request as it leaves the page, after exkit's own hooks (login encryption and
// core-call signing) have run, so the Account page can show what the gateway received.
import type { HttpHooks } from 'exkit';
import { valueStore } from './store.js';

type BeforeRequestHook = NonNullable<HttpHooks['beforeRequest']>[number];
type AfterResponseHook = NonNullable<HttpHooks['afterResponse']>[number];

/** One request as sent and the envelope code it got back. */
export interface WireEntry {
  id: number;
  method: string;
  path: string;
  /** The headers exkit set that matter here (signing, language, terminal). */
  headers: Record<string, string>;
  /** The body as sent, parsed when it is JSON. */
  body: unknown;
  status?: number;
  code?: string;
}

const SHOWN_HEADERS = [
  'tm',
  'uhti',
  'token',
  'locale',
  'language',
  'terminalcode',
  'risktoken',
  'device-sign',
  'device-sign-mode',
  'device-sign-data-md5',
  'device-sign-key',
];
const KEPT_ENTRIES = 12;

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The wire log: hooks to install last on the HTTP client, and the entries, newest first. */
export function createWireLog() {
  const entries = valueStore<readonly WireEntry[]>([]);
  const byRequest = new WeakMap<Request, number>();
  let seq = 0;
  const record: BeforeRequestHook = async (request) => {
    const id = ++seq;
    byRequest.set(request, id);
    const headers: Record<string, string> = {};
    for (const name of SHOWN_HEADERS) {
      const value = request.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const body = parseBody(await request.clone().text());
    const url = new URL(request.url);
    entries.set([{ id, method: request.method, path: url.pathname, headers, body }, ...entries.get()].slice(0, KEPT_ENTRIES));
  };
  const answer: AfterResponseHook = async (request, _options, response) => {
    const id = byRequest.get(request);
    if (id === undefined) return;
    const envelope = parseBody(await response.clone().text()) as { code?: unknown } | undefined;
    const code = envelope && typeof envelope === 'object' && 'code' in envelope ? String(envelope.code) : undefined;
    entries.set(entries.get().map((e) => (e.id === id ? { ...e, status: response.status, ...(code === undefined ? {} : { code }) } : e)));
  };
  const hooks: HttpHooks = { beforeRequest: [record], afterResponse: [answer] };
  return { entries, hooks };
}

export type WireLog = ReturnType<typeof createWireLog>;

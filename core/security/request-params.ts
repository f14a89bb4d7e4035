// Reading and rewriting the parameters of a request (JSON object body, form body or query) so the
// security hooks can move fields around without knowing how the HTTP client encoded them.
import { requestBodyText, withBodyText } from '../http/body-text.js';
import { putOwn } from '../validate/own-field.js';

/** How a request carries its parameters. */
export type ParamsCarrier = 'json' | 'form' | 'query';

/** The parameters of a request and where they came from; undefined when the body is of another kind. */
export async function readParams(request: Request): Promise<{ carrier: ParamsCarrier; params: Record<string, unknown> } | undefined> {
  const header = request.headers.get('content-type');
  // Stryker disable next-line StringLiteral: without a content type any fallback text that names neither JSON nor a form reads the same
  const type = (header ?? '').toLowerCase();
  if (request.body === null) {
    if (request.method === 'GET' || request.method === 'HEAD')
      return { carrier: 'query', params: paramsOf(new URL(request.url).searchParams) };
    // An empty body becomes a JSON object when fields are added.
    return { carrier: 'json', params: {} };
  }
  if (type.includes('application/json')) {
    const text = await requestBodyText(request);
    if (text.trim() === '') return { carrier: 'json', params: {} };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: parsed stays undefined, which the check below refuses.
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    return { carrier: 'json', params: parsed as Record<string, unknown> };
  }
  if (type.includes('application/x-www-form-urlencoded')) {
    return { carrier: 'form', params: paramsOf(new URLSearchParams(await requestBodyText(request))) };
  }
  return undefined;
}

/** Search params as an object; a name given more than once becomes an array of its values. */
function paramsOf(search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (name: string, value: unknown) => putOwn(out, name, value);
  for (const [name, value] of search) {
    const current = Object.hasOwn(out, name) ? out[name] : undefined;
    if (current === undefined) put(name, value);
    else if (Array.isArray(current)) current.push(value);
    else put(name, [current, value]);
  }
  return out;
}

function searchOf(params: Record<string, unknown>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else search.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return search;
}

/** A copy of the request carrying these parameters the same way. */
export function withParams(request: Request, carrier: ParamsCarrier, params: Record<string, unknown>): Request {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  const init = { method: request.method, headers, signal: request.signal, credentials: request.credentials, redirect: request.redirect };
  if (carrier === 'query') {
    const url = new URL(request.url);
    url.search = searchOf(params).toString();
    return new Request(url, init);
  }
  // The new body's text goes with the request, so the signing step that follows reads it without a copy.
  if (carrier === 'json') {
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    const text = JSON.stringify(params);
    return withBodyText(new Request(request.url, { ...init, body: text }), text);
  }
  const text = searchOf(params).toString();
  return withBodyText(new Request(request.url, { ...init, body: text }), text);
}

// Reading and rewriting a request's parameters (core/security/request-params.ts): which carrier a request
// uses, what its parameters are, and that a rewritten copy keeps everything but the parameters.
import { describe, expect, it, vi } from 'vitest';
import { knownBodyText, withBodyText } from '../../../core/http/body-text.js';
import { readParams, withParams } from '../../../core/security/request-params.js';

const URL_BASE = 'https://api.example.test/v1/user/login';
const json = (body: string, type = 'application/json') =>
  new Request(URL_BASE, { method: 'POST', headers: { 'content-type': type }, body });

describe('readParams: the carrier and the parameters of a request', () => {
  it('a GET or HEAD without body carries its parameters in the query; a repeated name gives an array in order', async () => {
    expect(await readParams(new Request(`${URL_BASE}?a=1&b=x&a=2&a=3`))).toStrictEqual({
      carrier: 'query',
      params: { a: ['1', '2', '3'], b: 'x' },
    });
    expect(await readParams(new Request(`${URL_BASE}?a=1&a=2`, { method: 'HEAD' }))).toStrictEqual({
      carrier: 'query',
      params: { a: ['1', '2'] },
    });
    expect(await readParams(new Request(URL_BASE))).toStrictEqual({ carrier: 'query', params: {} });
  });

  it('query names are own data: toString and __proto__ are plain parameters, not inherited members', async () => {
    const read = await readParams(new Request(`${URL_BASE}?toString=1&__proto__=x&__proto__=y`));
    expect(read!.carrier).toBe('query');
    expect(Object.getPrototypeOf(read!.params)).toBe(Object.prototype);
    expect(Object.entries(read!.params)).toStrictEqual([
      ['toString', '1'],
      ['__proto__', ['x', 'y']],
    ]);
  });

  it('a request of another method without a body becomes an empty JSON object', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect(await readParams(new Request(`${URL_BASE}?a=1`, { method }))).toStrictEqual({ carrier: 'json', params: {} });
    }
  });

  it('a JSON body is read when it is an object; blank is an empty object; anything else is not parameters', async () => {
    expect(await readParams(json('{"loginName":"alice","pwd":"p"}'))).toStrictEqual({
      carrier: 'json',
      params: { loginName: 'alice', pwd: 'p' },
    });
    expect(await readParams(json('{"a":1}', 'Application/JSON; charset=UTF-8'))).toStrictEqual({ carrier: 'json', params: { a: 1 } });
    expect(await readParams(json(''))).toStrictEqual({ carrier: 'json', params: {} });
    expect(await readParams(json(' \n\t'))).toStrictEqual({ carrier: 'json', params: {} });
    for (const body of ['[1,2]', 'null', '42', '"text"', '{"a":', 'not json']) expect(await readParams(json(body))).toBeUndefined();
  });

  it('reading the body leaves the request readable', async () => {
    const request = json('{"a":1}');
    await readParams(request);
    expect(await request.text()).toBe('{"a":1}');
    const form = json('a=1', 'application/x-www-form-urlencoded');
    await readParams(form);
    expect(await form.text()).toBe('a=1');
  });

  it('a form body is read like a query, any other body type is not parameters', async () => {
    const form = json('a=1&b=two%20words&a=2', 'application/x-www-form-urlencoded;charset=UTF-8');
    expect(await readParams(form)).toStrictEqual({ carrier: 'form', params: { a: ['1', '2'], b: 'two words' } });
    expect(await readParams(json('a=1', 'text/plain'))).toBeUndefined();
    expect(await readParams(new Request(URL_BASE, { method: 'POST', body: new Uint8Array([1, 2]) }))).toBeUndefined();
  });
});

describe('withParams: a copy of the request carrying new parameters the same way', () => {
  const controller = new AbortController();
  const original = () =>
    new Request(`${URL_BASE}?old=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': '7', token: 't-1' },
      body: '{"a":1}',
      signal: controller.signal,
      credentials: 'include',
      redirect: 'manual',
    });

  it('json: the parameters as a JSON body, the request content type and headers kept, content-length dropped', async () => {
    const request = original();
    expect(request.headers.get('content-length')).toBe('7');
    const copy = withParams(request, 'json', { a: 2, nested: { b: [1] } });
    expect(copy.method).toBe('POST');
    expect(copy.url).toBe(`${URL_BASE}?old=1`);
    expect(await copy.text()).toBe('{"a":2,"nested":{"b":[1]}}');
    expect(copy.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(copy.headers.get('token')).toBe('t-1');
    expect(copy.headers.has('content-length')).toBe(false);
    expect(copy.credentials).toBe('include');
    expect(copy.redirect).toBe('manual');
    controller.abort();
    expect(copy.signal.aborted).toBe(true);
  });

  it('json on a request without a content type sets application/json', async () => {
    const copy = withParams(new Request(URL_BASE, { method: 'POST' }), 'json', { a: 'x' });
    expect(copy.headers.get('content-type')).toBe('application/json');
    expect(await copy.text()).toBe('{"a":"x"}');
  });

  it('query: the search is replaced; arrays repeat the name, undefined is left out, non-strings are JSON', () => {
    const copy = withParams(new Request(`${URL_BASE}?old=1`), 'query', {
      a: ['1', 2],
      b: undefined,
      c: 'text',
      d: 3,
      e: true,
      f: { g: 1 },
      h: null,
    });
    expect(copy.method).toBe('GET');
    expect(copy.url).toBe(`${URL_BASE}?a=1&a=2&c=text&d=3&e=true&f=%7B%22g%22%3A1%7D&h=null`);
  });

  it('form: the parameters as an urlencoded body with the same content type', async () => {
    const form = new Request(URL_BASE, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'old=1' });
    const copy = withParams(form, 'form', { a: ['1', '2'], b: 'two words', skip: undefined });
    expect(await copy.text()).toBe('a=1&a=2&b=two+words');
    expect(copy.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(copy.url).toBe(URL_BASE);
  });

  it('reading back what was written gives the same parameters for every carrier', async () => {
    const params = { loginName: 'alice', tags: ['x', 'y'] };
    expect((await readParams(withParams(new Request(URL_BASE), 'query', params)))!.params).toStrictEqual(params);
    const form = new Request(URL_BASE, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    expect((await readParams(withParams(form, 'form', params)))!.params).toStrictEqual(params);
    expect((await readParams(withParams(json('{}'), 'json', params)))!.params).toStrictEqual(params);
  });
});

describe('the body text goes with the copy, so the signing step after it reads no copy of the stream', () => {
  it('json and form copies carry their body text; a query copy has no body and no text', async () => {
    const jsonCopy = withParams(json('{}'), 'json', { a: 'é' });
    expect(knownBodyText(jsonCopy)).toBe('{"a":"é"}');
    expect(await jsonCopy.text()).toBe('{"a":"é"}');
    const form = new Request(URL_BASE, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    const formCopy = withParams(form, 'form', { b: 'two words' });
    expect(knownBodyText(formCopy)).toBe('b=two+words');
    expect(await formCopy.text()).toBe('b=two+words');
    expect(knownBodyText(withParams(new Request(URL_BASE), 'query', { a: 1 }))).toBeUndefined();
  });

  it('readParams takes a recorded text as it is, without copying the request (JSON and form)', async () => {
    for (const [type, text, expected] of [
      ['application/json', '{"loginName":"alice"}', { carrier: 'json', params: { loginName: 'alice' } }],
      ['application/x-www-form-urlencoded', 'a=1&a=2', { carrier: 'form', params: { a: ['1', '2'] } }],
    ] as const) {
      const request = withBodyText(json(text, type), text);
      const clone = vi.spyOn(request, 'clone');
      expect(await readParams(request)).toStrictEqual(expected);
      expect(clone).not.toHaveBeenCalled();
      expect(request.bodyUsed).toBe(false);
    }
  });
});

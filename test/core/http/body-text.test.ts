// The body text kept beside exkit's own requests (core/http/body-text.ts): what a hook or the redirect follower
// reads instead of copying the body stream, and that it never stands for a body it was not built from.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { knownBodyText, requestBodyBytes, requestBodyText, withBodyText } from '../../../core/http/body-text.js';
import { inputClasses } from '../../support/input-classes.js';
import { anyText } from '../../support/arbitraries.js';

const URL_BASE = 'https://api.example.test/v1/spot/account';
const post = (body: BodyInit) => new Request(URL_BASE, { method: 'POST', body });

describe('withBodyText and knownBodyText', () => {
  it('a recorded request gives its text back, and withBodyText returns the same request', () => {
    const request = post('{"amount":"1"}');
    expect(withBodyText(request, '{"amount":"1"}')).toBe(request);
    expect(knownBodyText(request)).toBe('{"amount":"1"}');
  });

  it('a request nobody recorded has no known text, even one built from a string (a copy of a recorded one included)', () => {
    const recorded = withBodyText(post('a=1'), 'a=1');
    expect(knownBodyText(post('a=1'))).toBeUndefined();
    expect(knownBodyText(recorded.clone())).toBeUndefined();
    expect(knownBodyText(new Request(recorded, { headers: { x: '1' } }))).toBeUndefined();
  });

  it('once the body has been read, the recorded text no longer counts', async () => {
    const request = withBodyText(post('{"a":1}'), '{"a":1}');
    await request.text();
    expect(knownBodyText(request)).toBeUndefined();
    await expect(requestBodyText(request)).rejects.toBeInstanceOf(TypeError);
  });
});

describe('requestBodyText and requestBodyBytes leave the request unread', () => {
  it('a recorded request: its text and its UTF-8 bytes, without touching the stream', async () => {
    const text = '{"note":"héllo € 𝄞"}';
    const request = withBodyText(post(text), text);
    expect(await requestBodyText(request)).toBe(text);
    expect(await requestBodyBytes(request)).toStrictEqual(new Uint8Array(Buffer.from(text, 'utf8')));
    expect(request.bodyUsed).toBe(false);
    expect(await request.text()).toBe(text);
  });

  it('a recorded request is never copied: its text and bytes come even while a reader holds its stream', async () => {
    // A stream held by a reader cannot be copied (clone throws), so only the recorded text can answer.
    const text = '{"amount":"2"}';
    const request = withBodyText(post(text), text);
    request.body?.getReader();
    expect(() => request.clone()).toThrow(TypeError);
    expect(await requestBodyText(request)).toBe(text);
    expect(await requestBodyBytes(request)).toStrictEqual(new TextEncoder().encode(text));
  });

  it('a request nobody recorded is read through a copy: the same text and bytes, and it can still be sent', async () => {
    const bytes = new Uint8Array([0, 255, 128, 10, 0xe2, 0x82]);
    const binary = post(bytes);
    expect(await requestBodyBytes(binary)).toStrictEqual(bytes);
    expect(binary.bodyUsed).toBe(false);
    expect(new Uint8Array(await binary.arrayBuffer())).toStrictEqual(bytes);
    const plain = post('a=1&b=2');
    expect(await requestBodyText(plain)).toBe('a=1&b=2');
    expect(await plain.text()).toBe('a=1&b=2');
  });

  it('property: for any string body, the recorded bytes are the bytes fetch would send (lone surrogates included)', async () => {
    const drawn = inputClasses<string>({
      empty: (text) => text === '',
      // With the u flag a surrogate pair is one code point, so this matches a lone surrogate only.
      'a lone surrogate': (text) => /[\uD800-\uDFFF]/u.test(text),
      'a character outside the BMP': (text) => /[\u{10000}-\u{10FFFF}]/u.test(text),
      'a non-ASCII character in the BMP': (text) => /[\u0080-\uD7FF\uE000-\uFFFF]/.test(text),
    });
    await fc.assert(
      fc.asyncProperty(anyText(), async (text) => {
        drawn.see(text);
        const sent = new Uint8Array(await post(text).arrayBuffer());
        expect(await requestBodyBytes(withBodyText(post(text), text))).toStrictEqual(sent);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(3);
  });
});

import { describe, expect, it } from 'vitest';
import { isOwnDomain, linkAttributes, linkHost } from '../../../core/content/index.js';

const own = { ownDomains: ['example.com', 'exkit.io'] };

describe('linkAttributes (spec §S5 "External links get a nofollow marker unless on the product\'s own domains; new-tab links get opener protection")', () => {
  const rows: [string, string, { newTab?: boolean }, { rel: string | undefined; target: '_blank' | undefined }][] = [
    ['own domain, same tab', 'https://example.com/fees', {}, { rel: undefined, target: undefined }],
    ['own subdomain', 'https://www.example.com/fees', {}, { rel: undefined, target: undefined }],
    ['deep own subdomain, upper case', 'HTTPS://API.EU.EXAMPLE.COM/x', {}, { rel: undefined, target: undefined }],
    ['own domain with a port and a trailing dot', 'https://example.com.:8443/x', {}, { rel: undefined, target: undefined }],
    ['second own domain', 'http://exkit.io', {}, { rel: undefined, target: undefined }],
    ['external', 'https://partner.org/', {}, { rel: 'nofollow', target: undefined }],
    ['look-alike suffix domain', 'https://example.com.evil.io/', {}, { rel: 'nofollow', target: undefined }],
    ['look-alike prefix domain', 'https://myexample.com/', {}, { rel: 'nofollow', target: undefined }],
    ['own domain as user info of another host', 'https://example.com@evil.io/', {}, { rel: 'nofollow', target: undefined }],
    ['protocol-relative external', '//evil.io/x', {}, { rel: 'nofollow', target: undefined }],
    ['backslash protocol-relative external', '/\\evil.io/x', {}, { rel: 'nofollow', target: undefined }],
    ['ftp external', 'ftp://files.other.org/a', {}, { rel: 'nofollow', target: undefined }],
    ['root-relative', '/en/markets', {}, { rel: undefined, target: undefined }],
    ['fragment', '#top', {}, { rel: undefined, target: undefined }],
    ['mailto has no host to follow', 'mailto:help@partner.org', {}, { rel: undefined, target: undefined }],
    ['blocked href counts as external', 'javascript:alert(1)', {}, { rel: 'nofollow', target: undefined }],
    ['own domain in a new tab', 'https://example.com/', { newTab: true }, { rel: 'noopener noreferrer', target: '_blank' }],
    ['external in a new tab', 'https://partner.org/', { newTab: true }, { rel: 'nofollow noopener noreferrer', target: '_blank' }],
    ['relative in a new tab', '/help', { newTab: true }, { rel: 'noopener noreferrer', target: '_blank' }],
  ];
  it.each(rows)('%s', (_name, href, options, expected) => {
    expect(linkAttributes(href, { ...own, ...options })).toStrictEqual(expected);
  });

  it('treats every host as external when no own domains are configured', () => {
    expect(linkAttributes('https://example.com/').rel).toBe('nofollow');
  });

  it('gives an empty href no nofollow but still protects a new tab', () => {
    expect(linkAttributes(undefined, { newTab: true })).toStrictEqual({ rel: 'noopener noreferrer', target: '_blank' });
  });
});

describe('isOwnDomain', () => {
  it.each([
    ['example.com', ['example.com'], true],
    ['a.b.example.com', ['.example.com'], true],
    ['a.example.com', ['*.example.com'], true],
    ['EXAMPLE.COM', ['example.com'], true],
    ['example.com', ['Example.Com.'], true],
    ['xn--bcher-kva.example', ['bücher.example'], true],
    ['example.com.evil.io', ['example.com'], false],
    ['evilexample.com', ['example.com'], false],
    ['example.co', ['example.com'], false],
    ['', ['example.com'], false],
    ['example.com', [''], false],
  ] as [string, string[], boolean][])('%s against %j is %s', (host, domains, expected) => {
    expect(isOwnDomain(host, domains)).toBe(expected);
  });
});

describe('linkHost', () => {
  it('gives the lower-cased host for network links and nothing for links without one', () => {
    expect(linkHost('HTTPS://Sub.Example.COM/x')).toBe('sub.example.com');
    expect(linkHost('//cdn.example.com/a')).toBe('cdn.example.com');
    expect(linkHost('/a')).toBeUndefined();
    expect(linkHost('tel:+1')).toBeUndefined();
    expect(linkHost('market://details?id=x')).toBeUndefined();
    expect(linkHost('javascript:alert(1)')).toBeUndefined();
  });
});

describe('link attributes: inputs and their errors', () => {
  it.each([
    ['null', null, undefined],
    ['undefined', undefined, undefined],
    ['an empty href', '', undefined],
    ['a blank href', ' \t ', undefined],
    ['a number (blocked, so nofollow)', 42, 'nofollow'],
    ['a blocked scheme', 'vbscript:x', 'nofollow'],
  ])('%s gets rel %s', (_what, href, rel) => {
    expect(linkAttributes(href as string, own)).toStrictEqual({ rel, target: undefined });
  });

  it('an own domain that the URL parser refuses is no own domain, and no error', () => {
    expect(isOwnDomain('exa mple.com', ['exa mple.com'])).toBe(false);
    expect(isOwnDomain('example.com', ['exa mple.com', 'example.com'])).toBe(true);
  });

  it('an own domain is read without surrounding spaces or trailing dots', () => {
    expect(isOwnDomain('example.com', [' example.com '])).toBe(true);
    expect(isOwnDomain('example.com', ['example.com..'])).toBe(true);
  });

  it('an unparsable or non-string own domain matches no host, not even one named after what it is not', () => {
    expect(isOwnDomain('a.undefined', ['exa mple.com'])).toBe(false);
    expect(isOwnDomain('a.null', [null, 'x.y'] as unknown as string[])).toBe(false);
    expect(isOwnDomain('0.0.0.1', [1] as unknown as string[])).toBe(false);
  });

  it('an own-domain entry that is not a string is skipped', () => {
    expect(isOwnDomain('example.com', [1, null, 'example.com'] as unknown as string[])).toBe(true);
    expect(isOwnDomain('example.com', [1] as unknown as string[])).toBe(false);
  });

  it('a host with a trailing dot is the host without it; a one-label own domain matches only itself and its subdomains', () => {
    expect(isOwnDomain('example.com.', ['example.com'])).toBe(true);
    expect(isOwnDomain('com', ['example.com'])).toBe(false);
    expect(isOwnDomain('a.com', ['com'])).toBe(true);
    expect(isOwnDomain('acom', ['com'])).toBe(false);
    expect(isOwnDomain('.', ['example.com'])).toBe(false);
  });

  it('refuses a hostname that is not a string and own domains that are not an array, naming the field', () => {
    expect(() => isOwnDomain(1 as unknown as string, [])).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'isOwnDomain: hostname must be a string, got 1',
        extra: { field: 'hostname', value: 1 },
      }),
    );
    expect(() => isOwnDomain('a.b', 'a.b' as unknown as string[])).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'isOwnDomain: ownDomains must be an array of domain names, got "a.b"',
        extra: { field: 'ownDomains', value: 'a.b' },
      }),
    );
  });

  it('own domains whose entries cannot be read are an InvalidArgumentError naming ownDomains', () => {
    const hostile = new Proxy(['example.com'], {
      get(target, key) {
        if (key === 'map') throw new Error('boom');
        return Reflect.get(target, key) as unknown;
      },
    });
    expect(() => isOwnDomain('example.com', hostile)).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'isOwnDomain: ownDomains must be an array of domain names, got an array',
        extra: { field: 'ownDomains', value: hostile },
      }),
    );
  });

  it('refuses options that are not an object, naming the options field', () => {
    expect(() => linkAttributes('/a', 1 as unknown as object)).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'linkAttributes: options must be an object, got 1',
        extra: { field: 'options', value: 1 },
      }),
    );
  });

  it('reads app schemes from the options: an app-scheme link has no host, so no nofollow', () => {
    expect(linkAttributes('exkit://trade', { appSchemes: ['exkit'] })).toStrictEqual({ rel: undefined, target: undefined });
    expect(linkAttributes('exkit://trade')).toStrictEqual({ rel: 'nofollow', target: undefined });
    expect(linkHost('exkit://trade', ['exkit'])).toBeUndefined();
    expect(linkHost('http://a.example/')).toBe('a.example');
    expect(linkHost('ftp://files.example/')).toBe('files.example');
  });
});

describe('own domains are read from the array as it is at each call', () => {
  it('a domain added to, or taken out of, the same array after a call counts, or stops counting, at the next one', () => {
    const ownDomains = ['example.com'];
    expect(isOwnDomain('partner.org', ownDomains)).toBe(false);
    ownDomains.push('Partner.ORG');
    expect(isOwnDomain('partner.org', ownDomains)).toBe(true);
    ownDomains.splice(0, 2, 'other.net');
    expect(isOwnDomain('partner.org', ownDomains)).toBe(false);
    expect(isOwnDomain('www.other.net', ownDomains)).toBe(true);
  });
});

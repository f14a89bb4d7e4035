import { describe, expect, it } from 'vitest';
import { isOwnDomain, linkAttributes, linkHost } from '../../../core/content/index.js';

const own = { ownDomains: ['example.com', 'exkit.io'] };

describe('linkAttributes (seed 001 §5 "External links get a nofollow marker unless on the product\'s own domains; new-tab links get opener protection")', () => {
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
    expect(linkAttributes(href, { ...own, ...options })).toEqual(expected);
  });

  it('treats every host as external when no own domains are configured', () => {
    expect(linkAttributes('https://example.com/').rel).toBe('nofollow');
  });

  it('gives an empty href no nofollow but still protects a new tab', () => {
    expect(linkAttributes(undefined, { newTab: true })).toEqual({ rel: 'noopener noreferrer', target: '_blank' });
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

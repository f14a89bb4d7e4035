import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentContentLogger } from '../../../core/content/index.js';
import { SafeLink } from '../../../react/index.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function logger() {
  const logs: string[] = [];
  return { logs, warn: (m: string) => void logs.push(`warn ${m}`), error: (m: string) => void logs.push(`error ${m}`) };
}

describe('<SafeLink> (spec §S5)', () => {
  it('renders an allowed own-domain link as is', () => {
    render(
      <SafeLink href="https://www.example.com/fees" ownDomains={['example.com']}>
        fees
      </SafeLink>,
    );
    const a = screen.getByText('fees');
    expect(a.getAttribute('href')).toBe('https://www.example.com/fees');
    expect(a.hasAttribute('rel')).toBe(false);
    expect(a.hasAttribute('target')).toBe(false);
  });

  it('gives an external new-tab link nofollow, noopener and noreferrer, keeps author tokens but never opener', () => {
    render(
      <SafeLink href="https://partner.org" newTab rel="sponsored opener" ownDomains={['example.com']}>
        p
      </SafeLink>,
    );
    const a = screen.getByText('p');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('nofollow noopener noreferrer sponsored');
  });

  it('"blocked with a console warning and no navigation": no href is rendered and a click warns and is cancelled', () => {
    const log = logger();
    render(
      <SafeLink href="javascript:alert(1)" logger={log}>
        x
      </SafeLink>,
    );
    const a = screen.getByText('x');
    expect(a.hasAttribute('href')).toBe(false);
    const notCancelled = fireEvent.click(a);
    expect(notCancelled).toBe(false);
    expect(log.logs).toEqual(["warn exkit: blocked an unsafe link (scheme 'javascript' is not allowed)"]);
  });

  it('"Missing URL on new tab: console error" on click', () => {
    const log = logger();
    render(
      <SafeLink href={undefined} newTab logger={log}>
        n
      </SafeLink>,
    );
    fireEvent.click(screen.getByText('n'));
    expect(log.logs).toEqual(['error exkit: cannot open a new tab without a URL']);
  });

  it('runs the author onClick and lets an allowed link through', () => {
    const clicks: string[] = [];
    render(
      <SafeLink href="#top" onClick={() => clicks.push('clicked')}>
        t
      </SafeLink>,
    );
    expect(fireEvent.click(screen.getByText('t'))).toBe(true);
    expect(clicks).toEqual(['clicked']);
  });

  it('follows configured app schemes only', () => {
    render(
      <>
        <SafeLink href="exkit://trade" appSchemes={['exkit']}>
          app
        </SafeLink>
        <SafeLink href="exkit://trade">bare</SafeLink>
      </>,
    );
    expect(screen.getByText('app').getAttribute('href')).toBe('exkit://trade');
    expect(screen.getByText('bare').hasAttribute('href')).toBe(false);
  });
});

describe('<SafeLink> logs to the console by default (spec §S5 "console warning", §S8 "logs a console error")', () => {
  const consoleSpies = () => ({
    warn: vi.spyOn(console, 'warn').mockImplementation(() => undefined),
    error: vi.spyOn(console, 'error').mockImplementation(() => undefined),
  });

  it('by default a click on a blocked link warns on the console (console.warn)', () => {
    const spies = consoleSpies();
    render(<SafeLink href="javascript:alert(1)">x</SafeLink>);
    expect(fireEvent.click(screen.getByText('x'))).toBe(false);
    expect(spies.warn).toHaveBeenCalledWith("exkit: blocked an unsafe link (scheme 'javascript' is not allowed)", {
      href: 'javascript:alert(1)',
    });
  });

  it('by default a click on a new-tab link without a URL logs a console error (console.error)', () => {
    const spies = consoleSpies();
    render(
      <SafeLink href={undefined} newTab>
        n
      </SafeLink>,
    );
    fireEvent.click(screen.getByText('n'));
    expect(spies.error).toHaveBeenCalledWith('exkit: cannot open a new tab without a URL');
  });

  it('silentContentLogger keeps both off the console', () => {
    const spies = consoleSpies();
    render(
      <SafeLink href="javascript:alert(1)" logger={silentContentLogger}>
        x
      </SafeLink>,
    );
    render(
      <SafeLink href="" newTab logger={silentContentLogger}>
        n
      </SafeLink>,
    );
    fireEvent.click(screen.getByText('x'));
    fireEvent.click(screen.getByText('n'));
    expect(spies.warn).not.toHaveBeenCalled();
    expect(spies.error).not.toHaveBeenCalled();
  });
});

describe('<SafeLink> follows its props and renders exact rel tokens', () => {
  it('a new href on the next render is inspected again: allowed to blocked and back', () => {
    const { rerender } = render(<SafeLink href="https://a.example/">l</SafeLink>);
    const a = screen.getByText('l');
    expect(a.getAttribute('href')).toBe('https://a.example/');
    rerender(<SafeLink href="https://b.example/">l</SafeLink>);
    expect(a.getAttribute('href')).toBe('https://b.example/');
    rerender(<SafeLink href="javascript:alert(1)">l</SafeLink>);
    expect(a.hasAttribute('href')).toBe(false);
  });

  it('app schemes reach the link rules too: an allowed app link has no host, so it gets no nofollow', () => {
    render(
      <SafeLink href="exkit://trade" appSchemes={['exkit']} ownDomains={['example.com']}>
        app
      </SafeLink>,
    );
    const a = screen.getByText('app');
    expect(a.getAttribute('href')).toBe('exkit://trade');
    expect(a.hasAttribute('rel')).toBe(false);
  });

  it('author rel tokens are split on any whitespace and empty tokens dropped; a blank rel renders no rel', () => {
    render(
      <>
        <SafeLink href="/fees" rel={'  sponsored \t ugc  '}>
          spaced
        </SafeLink>
        <SafeLink href="/fees" rel=" ">
          blank
        </SafeLink>
      </>,
    );
    expect(screen.getByText('spaced').getAttribute('rel')).toBe('sponsored ugc');
    expect(screen.getByText('blank').hasAttribute('rel')).toBe(false);
  });

  it('a click on a new-tab link with an empty or null href logs the missing-URL error, not a blocked-link warning', () => {
    const log = logger();
    render(
      <>
        <SafeLink href="" newTab logger={log}>
          empty
        </SafeLink>
        <SafeLink href="   " newTab logger={log}>
          blank
        </SafeLink>
        <SafeLink href={null} newTab logger={log}>
          null
        </SafeLink>
      </>,
    );
    for (const name of ['empty', 'blank', 'null']) expect(fireEvent.click(screen.getByText(name)), name).toBe(false);
    expect(log.logs).toEqual([
      'error exkit: cannot open a new tab without a URL',
      'error exkit: cannot open a new tab without a URL',
      'error exkit: cannot open a new tab without a URL',
    ]);
  });

  it('a click on a same-tab link without a URL is cancelled and logs nothing', () => {
    const log = logger();
    render(
      <>
        <SafeLink href="" logger={log}>
          empty
        </SafeLink>
        <SafeLink href={null} logger={log}>
          null
        </SafeLink>
        <SafeLink href={undefined} logger={log}>
          undefined
        </SafeLink>
      </>,
    );
    for (const name of ['empty', 'null', 'undefined']) expect(fireEvent.click(screen.getByText(name)), name).toBe(false);
    expect(log.logs).toEqual([]);
  });
});

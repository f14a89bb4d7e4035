import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RICH_TEXT_CONTAINER_STYLE, silentContentLogger } from '../../../core/content/index.js';
import { SafeRichText } from '../../../react/index.js';

afterEach(cleanup);

describe('<SafeRichText>: rich text the documented way in React', () => {
  it('renders the sanitised HTML inside a contained box', () => {
    const { container } = render(
      <SafeRichText
        html={'<p style="margin-top:-100vh;color:red" class="fixed inset-0">hi</p><img src="x" onerror="alert(1)" width="3000">'}
        data-testid="news"
        className="announcement"
        style={{ color: 'blue', overflow: 'visible' }}
        logger={silentContentLogger}
      />,
    );
    const box = container.querySelector('[data-testid="news"]') as HTMLDivElement;
    expect(box.className).toBe('announcement');
    expect(box.innerHTML).toBe('<p style="color: red">hi</p><img src="x">');
    // The app's style stays, except where it would undo the box: the containment wins.
    expect(box.style.color).toBe('blue');
    for (const [property, value] of Object.entries(RICH_TEXT_CONTAINER_STYLE))
      expect(box.style.getPropertyValue(property), property).toBe(value);
  });

  it('renders again when the html changes, and keeps allow-listed classes and own-domain links as told', () => {
    const { container, rerender } = render(<SafeRichText html="<b>one</b>" />);
    const box = container.firstElementChild as HTMLDivElement;
    expect(box.innerHTML).toBe('<b>one</b>');
    rerender(
      <SafeRichText
        html={'<a href="https://www.example.com/a" class="cms-link x">two</a><a href="https://other.org/">o</a>'}
        ownDomains={['example.com']}
        allowedClasses={{ prefixes: ['cms-'] }}
      />,
    );
    expect(box.innerHTML).toBe(
      '<a href="https://www.example.com/a" class="cms-link">two</a><a href="https://other.org/" rel="nofollow">o</a>',
    );
  });

  it('an inline options array that is equal on the next render does not render again', () => {
    const { container, rerender } = render(<SafeRichText html="<b>x</b>" ownDomains={['example.com']} />);
    const box = container.firstElementChild as HTMLDivElement;
    const first = box.firstChild;
    rerender(<SafeRichText html="<b>x</b>" ownDomains={['example.com']} />);
    expect(box.firstChild).toBe(first);
  });
});

describe('<SafeRichText> hands each option to the sanitiser and renders again when a list changes', () => {
  const warnings = () => {
    const logs: string[] = [];
    return { logs, warn: (message: string) => void logs.push(message), error: () => undefined };
  };

  it('app schemes: an app link stays only where its scheme is given', () => {
    const html = '<a href="exkit://trade">t</a>';
    const { container } = render(
      <>
        <SafeRichText html={html} appSchemes={['exkit']} logger={silentContentLogger} />
        <SafeRichText html={html} logger={silentContentLogger} />
      </>,
    );
    const [withScheme, without] = [...container.children];
    expect(withScheme!.innerHTML).toBe('<a href="exkit://trade">t</a>');
    expect(without!.innerHTML).toBe('<a>t</a>');
  });

  it('the logger given receives the warning for a removed link; a new logger on the next render is used', () => {
    const first = warnings();
    const second = warnings();
    const { rerender } = render(<SafeRichText html={'<a href="javascript:alert(1)">x</a>'} logger={first} />);
    expect(first.logs).toEqual(["exkit: removed an unsafe href from rich text (scheme 'javascript' is not allowed)"]);
    rerender(<SafeRichText html={'<a href="javascript:alert(1)">x</a>'} logger={second} />);
    expect([first.logs.length, second.logs]).toEqual([
      1,
      ["exkit: removed an unsafe href from rich text (scheme 'javascript' is not allowed)"],
    ]);
  });

  it('allowed class names keep exactly the classes named, and a change of the names renders again', () => {
    const html = '<p class="note warn x">n</p>';
    const { container, rerender } = render(<SafeRichText html={html} allowedClasses={{ names: ['note'] }} />);
    const box = container.firstElementChild as HTMLDivElement;
    expect(box.innerHTML).toBe('<p class="note">n</p>');
    rerender(<SafeRichText html={html} allowedClasses={{ names: ['note', 'warn'] }} />);
    expect(box.innerHTML).toBe('<p class="note warn">n</p>');
    rerender(<SafeRichText html={html} allowedClasses={{ names: ['note', 'warn'], prefixes: ['x'] }} />);
    expect(box.innerHTML).toBe('<p class="note warn x">n</p>');
  });

  it('new own domains or app schemes with the same html render again', () => {
    const html = '<a href="https://www.example.com/">e</a><a href="exkit://t">a</a>';
    const { container, rerender } = render(<SafeRichText html={html} logger={silentContentLogger} />);
    const box = container.firstElementChild as HTMLDivElement;
    expect(box.innerHTML).toBe('<a href="https://www.example.com/" rel="nofollow">e</a><a>a</a>');
    rerender(<SafeRichText html={html} ownDomains={['example.com']} logger={silentContentLogger} />);
    expect(box.innerHTML).toBe('<a href="https://www.example.com/">e</a><a>a</a>');
    rerender(<SafeRichText html={html} ownDomains={['example.com']} appSchemes={['exkit']} logger={silentContentLogger} />);
    expect(box.innerHTML).toBe('<a href="https://www.example.com/">e</a><a href="exkit://t">a</a>');
  });

  it('lists are compared item by item: two domains are not the one their letters spell together', () => {
    const html = '<a href="https://example.com/">e</a>';
    const { container, rerender } = render(<SafeRichText html={html} ownDomains={['example.com']} />);
    const box = container.firstElementChild as HTMLDivElement;
    expect(box.innerHTML).toBe('<a href="https://example.com/">e</a>');
    rerender(<SafeRichText html={html} ownDomains={['example.co', 'm']} />);
    expect(box.innerHTML).toBe('<a href="https://example.com/" rel="nofollow">e</a>');
  });

  it('an empty list in place of none changes nothing, so the content is not rendered again', () => {
    const { container, rerender } = render(<SafeRichText html="<b>x</b>" />);
    const box = container.firstElementChild as HTMLDivElement;
    const first = box.firstChild;
    rerender(<SafeRichText html="<b>x</b>" ownDomains={[]} appSchemes={[]} allowedClasses={{ names: [], prefixes: [] }} />);
    expect(box.firstChild).toBe(first);
  });
});

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

// Portal renders into the document body (or the container given), in place where the platform has no DOM, and
// nothing on the server or while hydrating; unmounting takes what it rendered away.
import { act, cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import { ExkitProvider, Portal } from '../../react/index.js';

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

function withDom(children: ReactNode) {
  return <ExkitProvider value={{ platform: memoryPlatform({ dom: { window, document } }) }}>{children}</ExkitProvider>;
}

const item = () => document.querySelector('[data-testid="portalled"]');

describe('<Portal>', () => {
  it('renders its children at the end of the document body, not where it stands', () => {
    const { container } = render(withDom(<Portal>{<p data-testid="portalled">hi</p>}</Portal>));
    expect(container.innerHTML).toBe('');
    expect(item()?.parentElement).toBe(document.body);
    expect(document.body.lastElementChild).toBe(item());
  });

  it('renders into the container given instead of the body, and follows a new container', () => {
    const first = document.body.appendChild(document.createElement('section'));
    const second = document.body.appendChild(document.createElement('aside'));
    const { rerender } = render(withDom(<Portal container={first}>{<p data-testid="portalled">hi</p>}</Portal>));
    expect(first.innerHTML).toBe('<p data-testid="portalled">hi</p>');
    rerender(withDom(<Portal container={second}>{<p data-testid="portalled">hi</p>}</Portal>));
    expect([first.innerHTML, second.innerHTML]).toEqual(['', '<p data-testid="portalled">hi</p>']);
  });

  it('a null container means the body', () => {
    render(withDom(<Portal container={null}>{<p data-testid="portalled">hi</p>}</Portal>));
    expect(item()?.parentElement).toBe(document.body);
  });

  it('without a DOM in the platform it renders in place', () => {
    const { container } = render(
      <ExkitProvider value={{ platform: memoryPlatform() }}>
        <Portal>{<p data-testid="portalled">here</p>}</Portal>
      </ExkitProvider>,
    );
    expect(container.innerHTML).toBe('<p data-testid="portalled">here</p>');
  });

  it('unmounting removes what it rendered from the body', () => {
    const { container, unmount } = render(withDom(<Portal>{<p data-testid="portalled">hi</p>}</Portal>));
    expect(item()).not.toBeNull();
    unmount();
    expect(item()).toBeNull();
    // Only the test's own mount point is left.
    expect([...document.body.children]).toEqual([container]);
  });

  it('renders nothing on the server, and its children appear in the body right after hydration', async () => {
    const tree = withDom(
      <main>
        <Portal>{<p data-testid="portalled">overlay</p>}</Portal>
      </main>,
    );
    const html = renderToString(tree);
    expect(html).toBe('<main></main>');
    const host = document.body.appendChild(document.createElement('div'));
    host.innerHTML = html;
    const recoverable: unknown[] = [];
    const root = await act(() => hydrateRoot(host, tree, { onRecoverableError: (error) => void recoverable.push(error) }));
    expect(recoverable).toEqual([]);
    expect(host.innerHTML).toBe('<main></main>');
    expect(item()?.parentElement).toBe(document.body);
    act(() => root.unmount());
  });
});

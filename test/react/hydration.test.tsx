import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useHydrated } from '../../react/hydration.js';

const roots: { unmount(): void }[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
  document.body.innerHTML = '';
});

/** Shows each value useHydrated returned, in render order, as text. */
function Probe({ seen }: { seen: unknown[] }) {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <span>{String(hydrated)}</span>;
}

describe('useHydrated', () => {
  it('is exactly false in the server render', () => {
    const seen: unknown[] = [];
    expect(renderToString(<Probe seen={seen} />)).toBe('<span>false</span>');
    expect(seen).toEqual([false]);
  });

  it('is false while the client hydrates the server markup, then true in the render right after hydration', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    host.innerHTML = renderToString(<Probe seen={[]} />);
    const seen: unknown[] = [];
    await act(async () => {
      roots.push(hydrateRoot(host, <Probe seen={seen} />, { onRecoverableError: (error) => seen.push(error) }));
    });
    expect(seen).toEqual([false, true]);
    expect(host.innerHTML).toBe('<span>true</span>');
  });
});

import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import { createUiKit } from '../../machines/index.js';
import type { UiKitOptions } from '../../machines/index.js';
import { ExkitProvider, useToaster } from '../../react/index.js';

function setup(options: UiKitOptions = {}) {
  const platform = memoryPlatform({ dom: { window, document } });
  const ui = createUiKit(platform, { isolatedToaster: true, ...options });
  const wrapper = ({ children }: { children: ReactNode }) => <ExkitProvider value={{ platform, ui }}>{children}</ExkitProvider>;
  return { platform, ui, wrapper };
}

afterEach(cleanup);

describe('useToaster', () => {
  it('places shown toasts below the top offset, one gap apart, and counts the ones waiting', () => {
    const { ui, wrapper } = setup({ toaster: { maxVisible: 2, top: 40, gap: 10 } });
    const { result } = renderHook(() => useToaster(), { wrapper });
    expect(result.current.placements).toEqual([]);
    act(() => {
      ui.toast.info('One', { id: 'a', duration: Infinity });
      ui.toast.info('Two', { id: 'b', duration: Infinity });
      ui.toast.info('Three', { id: 'c', duration: Infinity });
    });
    expect(result.current.placements.map(({ id, offset, index }) => ({ id, offset, index }))).toEqual([
      { id: 'a', offset: 40, index: 0 },
      { id: 'b', offset: 50, index: 1 },
    ]);
    expect(result.current.queued).toBe(1);
    expect(result.current.toast).toBe(ui.toast);
  });

  it('a toast whose height above it changes moves down; the placements it did not change stay the same objects', () => {
    const { ui, wrapper } = setup({ toaster: { top: 40, gap: 10 } });
    const { result } = renderHook(() => useToaster(), { wrapper });
    act(() => {
      ui.toast.info('One', { id: 'a', duration: Infinity });
      ui.toast.info('Two', { id: 'b', duration: Infinity });
    });
    const [a, b] = result.current.placements;
    act(() => ui.toaster.send({ type: 'MEASURED', id: 'a', height: 30 }));
    expect(result.current.placements[0]).toBe(a);
    expect(result.current.placements[1]).not.toBe(b);
    expect(result.current.placements[1]).toMatchObject({ id: 'b', offset: 80, index: 1 });
  });

  it('a toast joining or leaving the queue updates the count and keeps the same placements array', () => {
    const { ui, wrapper } = setup({ toaster: { maxVisible: 1 } });
    const { result } = renderHook(() => useToaster(), { wrapper });
    act(() => void ui.toast.info('One', { id: 'a', duration: Infinity }));
    const placements = result.current.placements;
    act(() => void ui.toast.info('Two', { id: 'b', duration: Infinity }));
    expect(result.current.queued).toBe(1);
    expect(result.current.placements).toBe(placements);
    act(() => ui.toast.dismiss('b'));
    expect(result.current.queued).toBe(0);
    expect(result.current.placements).toBe(placements);
  });

  it("a server render shows no toast and no queue, and names the region by the toaster's id", () => {
    const { ui, platform } = setup({ toaster: { maxVisible: 1 } });
    ui.toast.info('One', { id: 'a', duration: Infinity });
    ui.toast.info('Two', { id: 'b', duration: Infinity });
    let seen: ReturnType<typeof useToaster> | undefined;
    function Probe() {
      seen = useToaster();
      return <div {...seen.getRegionProps('Alerts')} />;
    }
    const html = renderToString(
      <ExkitProvider value={{ platform, ui }}>
        <Probe />
      </ExkitProvider>,
    );
    expect(seen!.placements).toEqual([]);
    expect(seen!.queued).toBe(0);
    const regionId = ui.toaster.getSnapshot().context.regionId;
    expect(html).toContain(`id="${regionId}"`);
    expect(html).toContain('aria-label="Alerts"');
  });
});

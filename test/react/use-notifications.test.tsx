import { act, cleanup, renderHook } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import { createUiKit } from '../../machines/index.js';
import { NOTIFICATION_MAX_VISIBLE } from '../../machines/notifier.machine.js';
import { ExkitProvider, useNotifications } from '../../react/index.js';
import { fieldOf } from '../support/invalid-argument.js';

function setup() {
  const platform = memoryPlatform({ dom: { window, document } });
  const ui = createUiKit(platform, { isolatedToaster: true, reducedMotion: true });
  const wrapper = ({ children }: { children: ReactNode }) => <ExkitProvider value={{ platform, ui }}>{children}</ExkitProvider>;
  let renders = 0;
  const hook = renderHook(
    () => {
      renders++;
      return useNotifications();
    },
    { wrapper },
  );
  return { platform, ui, hook, renders: () => renders };
}

afterEach(() => cleanup());

describe('useNotifications', () => {
  it('notify without an id returns a fresh positive id each time and shows the notification', () => {
    const { hook } = setup();
    let first = '';
    let second = '';
    act(() => {
      first = hook.result.current.notify({ message: 'One', duration: Infinity });
      second = hook.result.current.notify({ message: 'Two', duration: Infinity });
    });
    expect(first).toMatch(/^notification-[1-9]\d*$/);
    expect(second).toMatch(/^notification-[1-9]\d*$/);
    expect(Number(second.split('-')[1])).toBe(Number(first.split('-')[1]) + 1);
    expect(hook.result.current.placements.map((p) => p.id)).toEqual([first, second]);
  });

  it('notify with an id uses it; a malformed notification throws InvalidArgumentError naming the field', () => {
    const { hook } = setup();
    let id = '';
    act(() => {
      id = hook.result.current.notify({ id: 'deposit', message: 'Received', duration: Infinity });
    });
    expect(id).toBe('deposit');
    expect(hook.result.current.placements.map((p) => p.id)).toEqual(['deposit']);
    expect(fieldOf(() => hook.result.current.notify({ message: 42 as unknown as string }))).toBe('notification.message');
  });

  it('a change that moves no notification keeps the same placements and does not re-render', () => {
    const { ui, hook, renders } = setup();
    act(() => {
      hook.result.current.notify({ id: 'a', message: 'A', duration: Infinity });
      hook.result.current.notify({ id: 'b', message: 'B', duration: Infinity });
    });
    const before = hook.result.current.placements;
    const count = renders();
    // The last one's height moves nobody (offsets follow the heights above each notification).
    act(() => ui.notifier.send({ type: 'MEASURED', id: 'b', height: 50 }));
    expect(hook.result.current.placements).toBe(before);
    expect(renders()).toBe(count);
  });

  it('a height change moves the notifications below it', () => {
    const { ui, hook } = setup();
    act(() => {
      hook.result.current.notify({ id: 'a', message: 'A', duration: Infinity });
      hook.result.current.notify({ id: 'b', message: 'B', duration: Infinity });
    });
    const [a0, b0] = hook.result.current.placements.map((p) => p.offset);
    act(() => ui.notifier.send({ type: 'MEASURED', id: 'a', height: 40 }));
    expect(hook.result.current.placements.map((p) => p.offset)).toEqual([a0, b0! + 40]);
  });

  it('a notification beyond the visible cap takes the oldest one’s place at once, and the placements follow', () => {
    const { hook } = setup();
    const names = ['a', 'b', 'c', 'd', 'e'];
    act(() => {
      for (const id of names) hook.result.current.notify({ id, message: id, duration: Infinity });
    });
    expect(names).toHaveLength(NOTIFICATION_MAX_VISIBLE);
    const offsets = hook.result.current.placements.map((p) => p.offset);
    act(() => void hook.result.current.notify({ id: 'f', message: 'f', duration: Infinity }));
    expect(hook.result.current.placements.map((p) => p.id)).toEqual(['b', 'c', 'd', 'e', 'f']);
    expect(hook.result.current.placements.map((p) => p.offset)).toEqual(offsets);
  });

  it('close() closes every notification; getRegionProps names the region', () => {
    const { platform, hook } = setup();
    act(() => {
      hook.result.current.notify({ id: 'a', message: 'A', duration: Infinity });
      hook.result.current.notify({ id: 'b', message: 'B', duration: Infinity });
    });
    act(() => {
      hook.result.current.close();
      platform.advance(1000);
    });
    expect(hook.result.current.placements).toEqual([]);
    expect(hook.result.current.getRegionProps('Alerts')).toMatchObject({ 'aria-label': 'Alerts' });
  });

  it('a server render shows no notification, whatever the notifier holds', () => {
    const platform = memoryPlatform();
    const ui = createUiKit(platform, { isolatedToaster: true });
    ui.notifier.send({ type: 'NOTIFY', notification: { id: 'a', message: 'A', duration: Infinity } });
    function Probe() {
      const { placements, getRegionProps } = useNotifications();
      return <i id={getRegionProps().id}>{placements.length}</i>;
    }
    expect(renderToString(<ExkitProvider value={{ platform, ui }}>{<Probe />}</ExkitProvider>)).toBe(
      `<i id="${ui.notifier.getSnapshot().context.regionId}">0</i>`,
    );
  });
});

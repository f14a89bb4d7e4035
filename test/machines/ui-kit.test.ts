import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import { REDUCED_MOTION_QUERY } from '../../core/ui/index.js';
import { configureRootToaster, createUiKit, rootToaster, toast } from '../../machines/index.js';

describe('ui kit', () => {
  it('toasts fired before the app mounts stay on the root toaster the app adopts, with one shared counter', () => {
    configureRootToaster({});
    const early = toast.info('Welcome');
    const platform = memoryPlatform({ media: ['(prefers-reduced-motion: reduce)'] });
    const kit = createUiKit(platform);
    expect(kit.toaster).toBe(rootToaster());
    expect(kit.toaster.getSnapshot().context.items.map((i) => i.id)).toContain(early);
    // The root toaster, made before the platform was known, joined the app's layer stack: its region is a layer now.
    expect(kit.toaster.getSnapshot().context.stack).toBe(kit.host.stack);
    expect(kit.host.stack.size).toBe(1);
    const later = kit.toast.success('Saved');
    expect(later).not.toBe(early);
    expect(kit.host.layers).toBe(kit.toaster.getSnapshot().context.layers);
    expect(kit.motion.reduced).toBe(true);
    platform.setVisibility('hidden');
    expect(kit.toaster.getSnapshot().context.pageHidden).toBe(true);
    kit.dispose();
    configureRootToaster({});
  });

  it('an isolated kit gets its own toaster on the platform timers, sharing its layers with dialogs', () => {
    const platform = memoryPlatform();
    const kit = createUiKit(platform, { isolatedToaster: true });
    expect(kit.toaster).not.toBe(rootToaster());
    kit.toast('x');
    platform.advance(3000);
    expect(kit.toaster.getSnapshot().context.items).toEqual([]);
    // The toast took 2001 and the toast region's layer 2002, both from the kit's counter.
    expect(kit.host.layers.current()).toBe(2002);
    expect(kit.motion.reduced).toBe(false);
    kit.dispose();
  });

  it('dispose() stops the kit: its notifier, message-box queue and own toaster stop', () => {
    const kit = createUiKit(memoryPlatform(), { isolatedToaster: true });
    kit.dispose();
    expect(kit.notifier.getSnapshot().status).toBe('stopped');
    expect(kit.messageBoxQueue.getSnapshot().status).toBe('stopped');
    expect(kit.toaster.getSnapshot().status).toBe('stopped');
  });

  it('"Respect prefers-reduced-motion", followed live: the next box and overlay after a change skip their transitions', () => {
    const platform = memoryPlatform();
    const kit = createUiKit(platform, { isolatedToaster: true });
    const transitionOf = (index: number) => kit.messageBoxQueue.getSnapshot().context.boxes[index]!.ref.getSnapshot().context.transitionMs;
    void kit.messageBox.alert('before', { transitionMs: 300 });
    expect(transitionOf(0)).toBe(300);
    platform.setMedia(REDUCED_MOTION_QUERY, true);
    expect(kit.motion.reduced).toBe(true);
    // Reduced motion wins over the transition a call asks for.
    void kit.messageBox.alert('after', { transitionMs: 300 });
    expect(transitionOf(1)).toBe(0);
    let removed = 0;
    kit.loading.show('orders', () => removed++)();
    platform.advance(0);
    expect(removed).toBe(1);
    platform.setMedia(REDUCED_MOTION_QUERY, false);
    kit.loading.show('orders', () => removed++)();
    platform.advance(299);
    expect(removed).toBe(1);
    platform.advance(1);
    expect(removed).toBe(2);
    kit.dispose();
  });

  it("the app's reducedMotion option replaces the platform setting", () => {
    const platform = memoryPlatform({ media: [REDUCED_MOTION_QUERY] });
    const kit = createUiKit(platform, { isolatedToaster: true, reducedMotion: false });
    void kit.messageBox.confirm('keep the motion');
    expect(kit.motion.reduced).toBe(false);
    expect(kit.messageBoxQueue.getSnapshot().context.boxes[0]!.ref.getSnapshot().context.transitionMs).toBe(200);
    kit.dispose();
  });

  it('stop() leaves nothing pending: open boxes resolve as closed, overlays are removed once, and no timer of the kit runs after', async () => {
    const platform = memoryPlatform();
    const kit = createUiKit(platform, { isolatedToaster: true });
    const boxes = [kit.messageBox.confirm('a'), kit.messageBox.prompt('b')];
    let removed = 0;
    kit.loading.show('table', () => void removed++);
    kit.toast('x');
    kit.notifier.send({ type: 'NOTIFY', notification: { id: 'n', message: 'm' } });
    kit.dispose();
    await expect(Promise.all(boxes)).resolves.toEqual([{ action: 'close' }, { action: 'close' }]);
    expect(removed).toBe(1);
    expect(kit.loading.get('table')).toBeUndefined();
    const snapshots = [kit.toaster, kit.notifier, kit.messageBoxQueue].map((a) => a.getSnapshot());
    // Only the shared scroll lock's restore (a host service, not the kit's) may still be due.
    platform.advance(2 ** 31 - 1);
    expect([kit.toaster, kit.notifier, kit.messageBoxQueue].map((a) => a.getSnapshot())).toEqual(snapshots);
    expect(removed).toBe(1);
    expect(platform.reports).toEqual([]);
  });

  it('malformed kit options are an InvalidArgumentError naming the option, before anything is created', () => {
    const platform = memoryPlatform();
    expect(() => createUiKit(platform, { reducedMotion: 'yes' as never })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'options.reducedMotion', value: 'yes' } }),
    );
    expect(() => createUiKit(platform, { isolatedToaster: true, toaster: { maxVisible: 0 } })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'options.toaster.maxVisible', value: 0 } }),
    );
    expect(() => createUiKit({} as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'platform', value: {} } }),
    );
  });

  it('configureRootToaster refuses a malformed input with InvalidArgumentError and keeps the current root and its toasts', () => {
    configureRootToaster({});
    const id = toast.info('kept');
    const before = rootToaster();
    expect(() => configureRootToaster({ input: { duration: 2 ** 40 } })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'input.duration', value: 2 ** 40 } }),
    );
    expect(() => configureRootToaster({ clock: {} as never })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'clock', value: {} } }),
    );
    expect(rootToaster()).toBe(before);
    expect(before.getSnapshot().context.items.map((i) => i.id)).toContain(id);
    configureRootToaster({});
  });
});

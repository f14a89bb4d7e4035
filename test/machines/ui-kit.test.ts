import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import { configureRootToaster, createUiKit, rootToaster, toast } from '../../machines/index.js';

describe('ui kit', () => {
  it('toasts fired before the app mounts stay on the root toaster the app adopts, with one shared counter', () => {
    configureRootToaster({});
    const early = toast.info('Welcome');
    const platform = memoryPlatform({ media: ['(prefers-reduced-motion: reduce)'] });
    const kit = createUiKit(platform);
    expect(kit.toaster).toBe(rootToaster());
    expect(kit.toaster.getSnapshot().context.items.map((i) => i.id)).toContain(early);
    const later = kit.toast.success('Saved');
    expect(later).not.toBe(early);
    expect(kit.host.layers).toBe(kit.toaster.getSnapshot().context.layers);
    expect(kit.reducedMotion).toBe(true);
    platform.setVisibility('hidden');
    expect(kit.toaster.getSnapshot().context.pageHidden).toBe(true);
    kit.stop();
    configureRootToaster({});
  });

  it('an isolated kit gets its own toaster on the platform timers, sharing its layers with dialogs', () => {
    const platform = memoryPlatform();
    const kit = createUiKit(platform, { isolatedToaster: true });
    expect(kit.toaster).not.toBe(rootToaster());
    kit.toast('x');
    platform.advance(3000);
    expect(kit.toaster.getSnapshot().context.items).toEqual([]);
    expect(kit.host.layers.current()).toBe(2001);
    expect(kit.reducedMotion).toBe(false);
    kit.stop();
  });
});

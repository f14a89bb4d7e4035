import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../core/platform/index.js';
import { REDUCED_MOTION_QUERY, fixedMotion, motionPreference } from '../../../core/ui/index.js';

describe('motionPreference', () => {
  it('REDUCED_MOTION_QUERY is the CSS prefers-reduced-motion query', () => {
    expect(REDUCED_MOTION_QUERY).toBe('(prefers-reduced-motion: reduce)');
  });

  it('follows the platform setting live and tells subscribers, until they unsubscribe', () => {
    const platform = memoryPlatform();
    const motion = motionPreference(platform);
    const heard: boolean[] = [];
    const off = motion.subscribe(() => heard.push(motion.reduced));
    expect(motion.reduced).toBe(false);
    platform.setMedia(REDUCED_MOTION_QUERY, true);
    expect(motion.reduced).toBe(true);
    off();
    platform.setMedia(REDUCED_MOTION_QUERY, false);
    expect(motion.reduced).toBe(false);
    // Once on subscription (the current answer), once for the change; nothing after the unsubscribe.
    expect(heard).toEqual([false, true]);
  });

  it("fixedMotion is the app's own answer: it never changes and never calls its subscribers", () => {
    const motion = fixedMotion(true);
    let calls = 0;
    const off = motion.subscribe(() => calls++);
    off();
    expect(motion.reduced).toBe(true);
    expect(fixedMotion(false).reduced).toBe(false);
    expect(calls).toBe(0);
  });
});

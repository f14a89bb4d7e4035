// The cache behind the content functions' ownDomains and appSchemes lists: a value is worked out once per list,
// and worked out again whenever the list's items are no longer the ones it was worked out from.
import { describe, expect, it } from 'vitest';
import { createListCache } from '../../../core/content/list-cache.js';

/** A cache with a compute that counts its calls and returns a fresh object naming the items it saw. */
function counted() {
  const cache = createListCache<{ items: string }>();
  let calls = 0;
  const get = (list: readonly unknown[]) =>
    cache.get(list, () => {
      calls++;
      return { items: list.map(String).join(',') };
    });
  return { get, calls: () => calls };
}

describe('createListCache', () => {
  it('a list passed again with the same items is served the kept value, worked out once', () => {
    const { get, calls } = counted();
    const list = ['a.example', 'b.example'];
    const first = get(list);
    expect(get(list)).toBe(first);
    expect(get(list)).toBe(first);
    expect(calls()).toBe(1);
  });

  it('an item replaced in place is read again (the items read are copied, not the array kept)', () => {
    const { get, calls } = counted();
    const list = ['tg', 'whatsapp'];
    get(list);
    list[1] = 'javascript';
    expect(get(list)).toStrictEqual({ items: 'tg,javascript' });
    expect(calls()).toBe(2);
  });

  it('a list grown or shrunk in place is read again, even when its first items are unchanged', () => {
    const { get, calls } = counted();
    const list = ['a', 'b'];
    get(list);
    list.push('c');
    expect(get(list)).toStrictEqual({ items: 'a,b,c' });
    list.length = 1;
    expect(get(list)).toStrictEqual({ items: 'a' });
    expect(calls()).toBe(3);
  });

  it('items are compared with Object.is: NaN matches itself, -0 does not match 0', () => {
    const { get, calls } = counted();
    const list: unknown[] = [Number.NaN, 0];
    const first = get(list);
    expect(get(list)).toBe(first);
    list[1] = -0;
    expect(get(list)).not.toBe(first);
    expect(calls()).toBe(2);
  });

  it('two arrays with equal items are kept apart (the key is the array)', () => {
    const { get, calls } = counted();
    const one = ['a'];
    const other = ['a'];
    expect(get(other)).not.toBe(get(one));
    expect(calls()).toBe(2);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { InputFrom, SnapshotFrom } from 'xstate';
import { createLayerCounter, createLayerStack } from '../../core/ui/index.js';
import {
  checkMessageBoxQueueInput,
  createMessageBoxApi,
  currentMessageBox,
  messageBoxDomIds,
  messageBoxMachine,
  messageBoxQueueMachine,
  MESSAGE_BOX_TOP_OFFSET,
  MESSAGE_BOX_TRANSITION_MS,
  promptDefaultError,
  PROMPT_FOCUS_DELAY_MS,
  validatePrompt,
} from '../../machines/index.js';
import type { MessageBoxAction, MessageBoxQueueContext, MessageBoxQueueEmitted, MessageBoxQueueEvent } from '../../machines/index.js';
import { walk } from './graph.js';
import { describeTransitionTable, startRun } from './transition-table.js';
import type { TableRow, TableRun } from './transition-table.js';

function box(input: InputFrom<typeof messageBoxMachine>) {
  const clock = new SimulatedClock();
  const actor = createActor(messageBoxMachine, { input, clock }).start();
  actor.send({ type: 'SHOW', zIndex: 2001 });
  return { actor, clock, ctx: () => actor.getSnapshot().context, value: () => JSON.stringify(actor.getSnapshot().value) };
}

describe('message box machine', () => {
  it('"transitions 200 ms" in and out; "default top 30vh"', () => {
    const t = box({ id: 'b', kind: 'confirm', message: 'Sure?' });
    expect([MESSAGE_BOX_TRANSITION_MS, MESSAGE_BOX_TOP_OFFSET, PROMPT_FOCUS_DELAY_MS]).toEqual([200, '30vh', 500]);
    t.clock.increment(199);
    expect(t.value()).toBe('{"showing":"entering"}');
    t.clock.increment(1);
    expect(t.value()).toBe('{"showing":"open"}');
    t.actor.send({ type: 'CANCEL' });
    t.clock.increment(199);
    expect(t.value()).toBe('"leaving"');
    t.clock.increment(1);
    expect(t.actor.getSnapshot().output).toEqual({ id: 'b', action: 'cancel' });
  });

  it('"alert does not close on Escape/backdrop"; it shows no cancel; its button or close closes it', () => {
    const t = box({ id: 'a', kind: 'alert', message: 'Done' });
    t.actor.send({ type: 'BACKDROP_CLICK' });
    t.actor.send({ type: 'CANCEL' });
    expect(t.value()).toBe('{"showing":"entering"}');
    expect(t.ctx().showCancel).toBe(false);
    t.actor.send({ type: 'CONFIRM' });
    t.clock.increment(200);
    expect(t.actor.getSnapshot().output).toEqual({ id: 'a', action: 'confirm' });
    const escaped = box({ id: 'e', kind: 'alert', message: 'Done' });
    escaped.actor.send({ type: 'ESCAPE' });
    escaped.clock.increment(200);
    expect(escaped.value()).toBe('{"showing":"open"}');
    escaped.actor.send({ type: 'CLOSE' });
    escaped.clock.increment(200);
    expect(escaped.actor.getSnapshot().output).toEqual({ id: 'e', action: 'close' });
  });

  it('an alert opened with closeOnEscape: true closes on Escape as a confirm does; a confirm with false stays', () => {
    const t = box({ id: 'a', kind: 'alert', message: 'Done', closeOnEscape: true });
    t.actor.send({ type: 'ESCAPE' });
    t.clock.increment(200);
    expect(t.actor.getSnapshot().output).toEqual({ id: 'a', action: 'close' });
    const kept = box({ id: 'c', kind: 'confirm', message: 'Sure?', closeOnEscape: false });
    kept.actor.send({ type: 'ESCAPE' });
    kept.clock.increment(200);
    expect(kept.value()).toBe('{"showing":"open"}');
  });

  it('"confirm and prompt show cancel" and close on Escape/backdrop with action close', () => {
    for (const type of ['ESCAPE', 'BACKDROP_CLICK', 'CLOSE'] as const) {
      const t = box({ id: 'c', kind: 'confirm', message: 'm' });
      expect(t.ctx().showCancel).toBe(true);
      t.actor.send({ type });
      t.clock.increment(200);
      expect(t.actor.getSnapshot().output).toEqual({ id: 'c', action: 'close' });
    }
  });

  it('"prompt focus delay 500 ms": the input takes focus 500 ms after the box shows, or after focusDelayMs (0: at once)', () => {
    const now = box({ id: 'n', kind: 'prompt', message: 'Name', focusDelayMs: 0 });
    const atOnce: unknown[] = [];
    now.actor.on('focusInput', (e) => atOnce.push(e));
    now.clock.increment(0);
    expect(atOnce).toEqual([{ type: 'focusInput', id: 'n' }]);
    expect(PROMPT_FOCUS_DELAY_MS).toBe(500);
    const t = box({ id: 'p', kind: 'prompt', message: 'Name' });
    const focused: unknown[] = [];
    t.actor.on('focusInput', (e) => focused.push(e));
    t.clock.increment(499);
    expect(focused).toEqual([]);
    t.clock.increment(1);
    expect(focused).toEqual([{ type: 'focusInput', id: 'p' }]);
    const c = box({ id: 'c', kind: 'confirm', message: 'm' });
    const none: unknown[] = [];
    c.actor.on('focusInput', (e) => none.push(e));
    c.clock.increment(1000);
    expect(none).toEqual([]);
  });

  it('"on confirm the input is checked against an optional pattern ... failure shows ... the default invalid-data text and marks the input invalid; it is re-checked on every change"', () => {
    const t = box({ id: 'p', kind: 'prompt', message: 'Email', inputPattern: /^[^@\s]+@[^@\s]+$/ });
    t.actor.send({ type: 'CONFIRM' });
    expect(t.ctx().error).toBe('invalid data');
    t.actor.send({ type: 'INPUT', value: 'a@b' });
    expect(t.ctx().error).toBeUndefined();
    t.actor.send({ type: 'INPUT', value: 'a@' });
    expect(t.ctx().error).toBe('invalid data');
    t.actor.send({ type: 'INPUT', value: 'me@example.com' });
    t.actor.send({ type: 'CONFIRM' });
    t.clock.increment(200);
    expect(t.actor.getSnapshot().output).toEqual({ id: 'p', action: 'confirm', value: 'me@example.com' });
  });

  it("spec §S8: the default prompt message is the catalogue's invalidData in the locale (Chinese for zh)", () => {
    expect(promptDefaultError('zh-CN')).toBe('无效数据');
    expect(promptDefaultError('zh-TW')).toBe('無效資料');
    expect(promptDefaultError('en')).toBe('invalid data');
    expect(promptDefaultError('xx-unknown')).toBe('invalid data');
    const zh = box({ id: 'z', kind: 'prompt', message: 'm', inputPattern: /^\d+$/, locale: () => 'zh-CN' });
    zh.actor.send({ type: 'CONFIRM' });
    expect(zh.ctx().error).toBe('无效数据');
    zh.actor.send({ type: 'INPUT', value: 'x' });
    expect(zh.ctx().error).toBe('无效数据');
    // A text of the caller's own wins over the catalogue in every locale.
    const own = box({
      id: 'o',
      kind: 'prompt',
      message: 'm',
      inputPattern: /^\d+$/,
      inputErrorMessage: 'Digits only',
      locale: () => 'zh-CN',
    });
    own.actor.send({ type: 'CONFIRM' });
    expect(own.ctx().error).toBe('Digits only');
  });

  it('the locale is read at each check: after a switch to zh-CN the next failure is in Chinese, and back', () => {
    let locale = 'en';
    const t = box({ id: 'p', kind: 'prompt', message: 'm', inputValidator: (v) => v !== '', locale: () => locale });
    t.actor.send({ type: 'CONFIRM' });
    expect(t.ctx().error).toBe('invalid data');
    locale = 'zh-CN';
    t.actor.send({ type: 'INPUT', value: '' });
    expect(t.ctx().error).toBe('无效数据');
    locale = 'ja';
    t.actor.send({ type: 'ENTER' });
    expect(t.ctx().error).toBe('無効なデータ');
  });

  it('a locale getter that throws or answers a non-string gives the English text, and the box keeps working', () => {
    const throwing = box({
      id: 't',
      kind: 'prompt',
      message: 'm',
      inputPattern: /x/,
      locale: () => {
        throw new Error('no locale');
      },
    });
    throwing.actor.send({ type: 'CONFIRM' });
    expect(throwing.ctx().error).toBe('invalid data');
    expect(throwing.actor.getSnapshot().status).toBe('active');
    const odd = box({ id: 'n', kind: 'prompt', message: 'm', inputPattern: /x/, locale: () => 42 as unknown as string });
    odd.actor.send({ type: 'CONFIRM' });
    expect(odd.ctx().error).toBe('invalid data');
  });

  it('a custom check with a custom message, or its own returned text', () => {
    expect(validatePrompt({ kind: 'prompt', message: '', inputValidator: (v) => v.length > 2, inputErrorMessage: 'Too short' }, 'ab')).toBe(
      'Too short',
    );
    expect(validatePrompt({ kind: 'prompt', message: '', inputValidator: (v) => (v === 'x' ? 'No x' : true) }, 'x')).toBe('No x');
    expect(validatePrompt({ kind: 'prompt', message: '', inputPattern: /a/g }, 'a')).toBeUndefined();
    expect(validatePrompt({ kind: 'prompt', message: '', inputPattern: /a/g }, 'a')).toBeUndefined();
    expect(validatePrompt({ kind: 'prompt', message: '', inputPattern: /a/ }, 'b')).toBe('invalid data');
    expect(validatePrompt({ kind: 'prompt', message: '', inputPattern: /a/ }, 'b', 'zh-CN')).toBe('无效数据');
  });

  it('"Enter confirms unless the input is multi-line"', () => {
    const t = box({ id: 'p', kind: 'prompt', message: 'm', inputValidator: (v) => v !== '' });
    t.actor.send({ type: 'ENTER' });
    expect(t.ctx().error).toBe('invalid data');
    t.actor.send({ type: 'INPUT', value: 'ok' });
    t.actor.send({ type: 'ENTER' });
    expect(t.value()).toBe('"leaving"');
    const m = box({ id: 'm', kind: 'prompt', message: 'm', multiline: true });
    m.actor.send({ type: 'ENTER' });
    expect(m.value()).toBe('{"showing":"entering"}');
  });

  it('"a max length with a counter marks the input exceeded when longer than the limit"', () => {
    const t = box({ id: 'p', kind: 'prompt', message: 'm', maxLength: 3, inputValue: 'abcd' });
    expect(t.ctx().exceeded).toBe(true);
    // A starting value over the limit takes no more characters, only deletions.
    t.actor.send({ type: 'INPUT', value: 'abcde' });
    expect(t.ctx().value).toBe('abcd');
    t.actor.send({ type: 'INPUT', value: 'abc' });
    expect(t.ctx().exceeded).toBe(false);
  });

  it('maxLength stops typing at the limit and cuts a paste to it', () => {
    const t = box({ id: 'p', kind: 'prompt', message: 'm', maxLength: 8 });
    t.actor.send({ type: 'INPUT', value: '12345678' });
    t.actor.send({ type: 'INPUT', value: '123456789' });
    expect([t.ctx().value, t.ctx().exceeded]).toEqual(['12345678', false]);
    t.actor.send({ type: 'INPUT', value: '' });
    t.actor.send({ type: 'INPUT', value: 'abcdefghijklmnop' });
    expect([t.ctx().value, t.ctx().exceeded]).toEqual(['abcdefgh', false]);
    t.actor.send({ type: 'INPUT', value: 'abcdefg' });
    expect(t.ctx().value).toBe('abcdefg');
  });

  it('maxLength counts graphemes: an emoji, a flag, a family and an accented letter are one each', () => {
    const t = box({ id: 'p', kind: 'prompt', message: 'm', maxLength: 4 });
    const four = '😀🇫🇷👨‍👩‍👧e\u0301';
    t.actor.send({ type: 'INPUT', value: four });
    expect([t.ctx().value, t.ctx().exceeded]).toEqual([four, false]);
    t.actor.send({ type: 'INPUT', value: `${four}👍` });
    expect(t.ctx().value).toBe(four);
    t.actor.send({ type: 'INPUT', value: '' });
    // A paste is cut between graphemes, never inside an emoji's surrogate pair or joiner sequence.
    t.actor.send({ type: 'INPUT', value: '👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧' });
    expect(t.ctx().value).toBe('👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧');
  });
});

describe('message box queue', () => {
  function queue() {
    const clock = new SimulatedClock();
    const actor = createActor(messageBoxQueueMachine, { input: { layers: createLayerCounter() }, clock }).start();
    const emitted: MessageBoxQueueEmitted[] = [];
    actor.on('*', (e) => emitted.push(e));
    return { actor, clock, emitted, api: createMessageBoxApi(() => actor) };
  }

  it('walks idle → showing (one box, then a second queued) → showing the next → idle, and leaves no event unhandled', () => {
    // A box's end reaches the queue as its child's done event, which counts only once the box has really
    // finished; the walk steps the queue alone (its boxes never run), so closing is left to the live tests.
    const queueEvents: MessageBoxQueueEvent[] = [
      { type: 'OPEN', box: { id: 'x', kind: 'alert', message: 'm' } },
      { type: 'OPEN', box: { id: 'y', kind: 'prompt', message: 'n' } },
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
      { type: 'CLOSE' },
      { type: 'ESCAPE' },
      { type: 'BACKDROP_CLICK' },
      { type: 'INPUT', value: 'v' },
      { type: 'ENTER' },
    ];
    const { states, unhandled } = walk(messageBoxQueueMachine, {
      input: {},
      events: queueEvents,
      // Which boxes are held, in order (ids once each: the app's API never reuses an id), tells states apart.
      key: (s) => JSON.stringify([s.value, s.status, [...new Set((s.context as MessageBoxQueueContext).boxes.map((b) => b.id))]]),
    });
    expect(unhandled).toEqual([]);
    const held = states.map((s) => [JSON.stringify(s.value), (s.context as MessageBoxQueueContext).boxes.map((b) => b.id).join()]);
    expect(held).toEqual(
      expect.arrayContaining([
        ['"idle"', ''],
        ['"showing"', 'x'],
        ['"showing"', 'x,y'],
      ]),
    );
    // Idle means nothing held: a done event from a box that is not on screen never ends the queue early.
    expect(held.filter(([value]) => value === '"idle"')).toEqual([['"idle"', '']]);
  });

  it('a done event from a box that is not on screen changes nothing (no early idle, no second "box.shown")', () => {
    const t = queue();
    void t.api.alert('first');
    void t.api.alert('second');
    const [head, waiting] = t.actor.getSnapshot().context.boxes;
    const shownBefore = t.emitted.filter((e) => e.type === 'box.shown').length;
    const stray = {
      type: `xstate.done.actor.box:${waiting!.id}`,
      output: { id: waiting!.id, action: 'confirm' },
    } as unknown as MessageBoxQueueEvent;
    expect(t.actor.getSnapshot().can(stray)).toBe(false);
    t.actor.send(stray);
    expect(t.actor.getSnapshot().value).toBe('showing');
    expect(t.actor.getSnapshot().context.boxes.map((b) => b.id)).toEqual([head!.id, waiting!.id]);
    expect(t.emitted.filter((e) => e.type === 'box.shown')).toHaveLength(shownBefore);
  });

  it('a waiting box that outside code shows and closes before its turn leaves the line at once; the queue still moves on and goes idle', async () => {
    const t = queue();
    const first = t.api.alert('first');
    const second = t.api.confirm('second');
    const third = t.api.alert('third');
    const [head, early, last] = t.actor.getSnapshot().context.boxes;
    // Outside code holding a waiting box's ref (it is in the queue's context) shows and confirms it.
    early!.ref.send({ type: 'SHOW', zIndex: 5000 });
    early!.ref.send({ type: 'CONFIRM' });
    t.clock.increment(1000);
    expect(t.actor.getSnapshot().context.boxes.map((b) => b.id)).toStrictEqual([head!.id, last!.id]);
    expect(t.emitted.filter((e) => e.type === 'box.closed')).toStrictEqual([{ type: 'box.closed', id: early!.id, action: 'confirm' }]);
    await expect(second).resolves.toStrictEqual({ action: 'confirm' });
    // The head closes: the last box shows, then closes, and the queue is idle, its scroll lock let go.
    t.actor.send({ type: 'CONFIRM' });
    t.clock.increment(1000);
    expect(currentMessageBox(t.actor.getSnapshot().context)?.id).toBe(last!.id);
    expect(t.emitted.filter((e) => e.type === 'box.shown').map((e) => e.id)).toStrictEqual([head!.id, last!.id]);
    t.actor.send({ type: 'CONFIRM' });
    t.clock.increment(1000);
    expect(t.actor.getSnapshot().value).toBe('idle');
    expect(t.actor.getSnapshot().context.boxes).toStrictEqual([]);
    await expect(first).resolves.toStrictEqual({ action: 'confirm' });
    await expect(third).resolves.toStrictEqual({ action: 'confirm' });
  });

  it('the head and a waiting box both finished by the time the head’s done event comes: both leave, and the next running box shows', () => {
    const t = queue();
    void t.api.alert('first');
    void t.api.alert('second');
    void t.api.alert('third');
    const [head, early, last] = t.actor.getSnapshot().context.boxes;
    early!.ref.send({ type: 'SHOW', zIndex: 5000 });
    early!.ref.send({ type: 'CONFIRM' });
    t.actor.send({ type: 'CONFIRM' });
    t.clock.increment(1000);
    expect(t.actor.getSnapshot().context.boxes.map((b) => b.id)).toStrictEqual([last!.id]);
    expect(
      t.emitted
        .filter((e) => e.type === 'box.closed')
        .map((e) => e.id)
        .sort(),
    ).toStrictEqual([head!.id, early!.id].sort());
    expect(currentMessageBox(t.actor.getSnapshot().context)?.ref.getSnapshot().value).toStrictEqual({ showing: 'entering' });
    expect(t.emitted.filter((e) => e.type === 'box.shown').map((e) => e.id)).toStrictEqual([head!.id, last!.id]);
  });

  it('"a box opened while another is showing waits and appears when the current one closes, in order"; promises say which action', async () => {
    const t = queue();
    const first = t.api.alert('First');
    const second = t.api.confirm('Second');
    const third = t.api.prompt('Third', { inputValue: 'v' });
    const head = () => currentMessageBox(t.actor.getSnapshot().context);
    const opened = t.actor.getSnapshot().context.boxes.map((b) => b.id);
    expect(head()?.ref.getSnapshot().context.options.message).toBe('First');
    expect(t.actor.getSnapshot().context.boxes.map((b) => JSON.stringify(b.ref.getSnapshot().value))).toEqual([
      '{"showing":"entering"}',
      '"queued"',
      '"queued"',
    ]);
    t.actor.send({ type: 'BACKDROP_CLICK' });
    t.clock.increment(1000);
    expect(head()?.ref.getSnapshot().context.options.message).toBe('First');
    t.actor.send({ type: 'CONFIRM' });
    t.clock.increment(200);
    expect(head()?.ref.getSnapshot().context.options.message).toBe('Second');
    t.actor.send({ type: 'CANCEL' });
    t.clock.increment(200);
    t.actor.send({ type: 'INPUT', value: 'typed' });
    t.actor.send({ type: 'ENTER' });
    t.clock.increment(200);
    await expect(first).resolves.toEqual({ action: 'confirm' });
    await expect(second).resolves.toEqual({ action: 'cancel' });
    await expect(third).resolves.toEqual({ action: 'confirm', value: 'typed' });
    expect(t.actor.getSnapshot().value).toBe('idle');
    expect(t.emitted.filter((e) => e.type === 'box.shown').map((e) => e.id)).toEqual(opened);
    expect(new Set(opened).size).toBe(3);
    expect(Object.keys(t.actor.getSnapshot().children)).toEqual([]);
  });

  it("the queue hands its locale to every box: a prompt opened through the API fails in the app's language", () => {
    let locale = 'zh-CN';
    const clock = new SimulatedClock();
    const actor = createActor(messageBoxQueueMachine, {
      input: { layers: createLayerCounter(), locale: () => locale, transitionMs: 0 },
      clock,
    }).start();
    const api = createMessageBoxApi(() => actor);
    void api.prompt('Amount', { inputPattern: /^\d+$/ });
    actor.send({ type: 'CONFIRM' });
    expect(currentMessageBox(actor.getSnapshot().context)!.ref.getSnapshot().context.error).toBe('无效数据');
    locale = 'en';
    actor.send({ type: 'INPUT', value: 'abc' });
    expect(currentMessageBox(actor.getSnapshot().context)!.ref.getSnapshot().context.error).toBe('invalid data');
  });

  it('createUiKit({ locale }) reaches the prompt: a kit in zh-CN shows the Chinese default text; without a locale, English', async () => {
    const { memoryPlatform } = await import('../../core/platform/index.js');
    const { createUiKit } = await import('../../machines/index.js');
    const errorOf = (kit: ReturnType<typeof createUiKit>) =>
      currentMessageBox(kit.messageBoxQueue.getSnapshot().context)!.ref.getSnapshot().context.error;
    const zh = createUiKit(memoryPlatform(), { isolatedToaster: true, locale: () => 'zh-CN' });
    void zh.messageBox.prompt('Amount', { inputValidator: (v) => v.length > 0 });
    zh.messageBoxQueue.send({ type: 'ENTER' });
    expect(errorOf(zh)).toBe('无效数据');
    const plain = createUiKit(memoryPlatform(), { isolatedToaster: true });
    void plain.messageBox.prompt('Amount', { inputValidator: (v) => v.length > 0 });
    plain.messageBoxQueue.send({ type: 'ENTER' });
    expect(errorOf(plain)).toBe('invalid data');
    zh.dispose();
    plain.dispose();
  });

  it('a custom check that throws fails the input and is reported; the queue keeps working and the promise settles', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const clock = new SimulatedClock();
      const actor = createActor(messageBoxQueueMachine, { input: { transitionMs: 0 }, clock }).start();
      const api = createMessageBoxApi(() => actor);
      const boom = new Error('validator bug');
      const result = api.prompt('Amount', {
        inputValidator: () => {
          throw boom;
        },
      });
      actor.send({ type: 'CONFIRM' });
      expect(actor.getSnapshot().status).toBe('active');
      expect(currentMessageBox(actor.getSnapshot().context)!.ref.getSnapshot().context.error).toBe('invalid data');
      expect(reported.mock.calls.some((call) => call.includes(boom))).toBe(true);
      actor.send({ type: 'CLOSE' });
      clock.increment(0);
      await expect(result).resolves.toEqual({ action: 'close', value: '' });
      // The next box still opens and confirms.
      const next = api.confirm('Again?');
      actor.send({ type: 'CONFIRM' });
      clock.increment(0);
      await expect(next).resolves.toEqual({ action: 'confirm' });
    } finally {
      reported.mockRestore();
    }
  });

  it('each box shown takes the next layer', () => {
    const t = queue();
    void t.api.confirm('a');
    void t.api.confirm('b');
    expect(currentMessageBox(t.actor.getSnapshot().context)?.ref.getSnapshot().context.zIndex).toBe(2001);
    t.actor.send({ type: 'CLOSE' });
    t.clock.increment(200);
    expect(currentMessageBox(t.actor.getSnapshot().context)?.ref.getSnapshot().context.zIndex).toBe(2002);
  });
});

describe('message box queue scroll lock', () => {
  it('message boxes are modal: the page is locked while any box shows and restored 200 ms after the last', async () => {
    const { memoryPlatform } = await import('../../core/platform/index.js');
    const { createScrollLock } = await import('../../core/ui/index.js');
    const platform = memoryPlatform();
    const scrollLock = createScrollLock(undefined, platform.timers);
    const clock = new SimulatedClock();
    const actor = createActor(messageBoxQueueMachine, { input: { scrollLock, transitionMs: 0 }, clock }).start();
    const api = createMessageBoxApi(() => actor);
    void api.confirm('a');
    void api.confirm('b');
    expect(scrollLock.holderCount).toBe(1);
    actor.send({ type: 'CONFIRM' });
    clock.increment(0);
    expect(scrollLock.holderCount).toBe(1);
    actor.send({ type: 'CONFIRM' });
    clock.increment(0);
    expect(scrollLock.holderCount).toBe(0);
    platform.advance(200);
    expect(scrollLock.locked).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The message box's transition table (spec §S4, §S5, §S9): queued → showing (entering, then open after 200 ms) →
// leaving → closed after 200 ms. Box `b`; the prompt takes digits only, at most 3 (longer is marked exceeded), and
// starts at '12'. Effects: the input's value, error and exceeded flag, the z-index, the action and the output.
const PROMPT = { id: 'b', kind: 'prompt', message: 'm', inputPattern: /^\d+$/, maxLength: 3, inputValue: '12' } as const;
function boxEffects(run: TableRun) {
  const snapshot = run.actor.getSnapshot() as SnapshotFrom<typeof messageBoxMachine>;
  const { value, error, exceeded, zIndex, action } = snapshot.context;
  return { value, error, exceeded, zIndex, action, output: snapshot.output };
}
type BoxEffects = ReturnType<typeof boxEffects>;
type BoxState =
  | 'queued'
  | 'entering'
  | 'open'
  | 'open, starting invalid'
  | 'multiline open'
  | 'alert open'
  | 'confirm open'
  | 'leaving'
  | 'alert leaving'
  | 'closed';
type BoxTableEvent =
  | 'SHOW'
  | 'SHOW (malformed)'
  | 'CONFIRM'
  | 'CANCEL'
  | 'CLOSE'
  | 'ESCAPE'
  | 'BACKDROP_CLICK'
  | 'INPUT "1234"'
  | 'INPUT "x"'
  | 'INPUT (malformed)'
  | 'KEY_AHEAD "3"'
  | 'KEY_AHEAD Backspace'
  | 'KEY_AHEAD Tab'
  | 'KEY_AHEAD (malformed)'
  | 'ENTER'
  | 'wait 199'
  | 'wait 200'
  | 'wait 300';
const acts = (action: string) => (e: BoxEffects) => ({ ...e, action });
const typed = (value: string, error: string | undefined, exceeded: boolean) => (e: BoxEffects) => ({ ...e, value, error, exceeded });
const INVALID = 'invalid data';
const OPENED = ['SHOW', 'wait 200'] as const;
/** The rows every showing box has: how it leaves, and what typing does. */
function showingRows(from: BoxState, kind: 'prompt' | 'alert' | 'confirm', multiline = false): TableRow<BoxState, BoxTableEvent>[] {
  const dismissable = kind !== 'alert';
  return [
    [from, 'CLOSE', 'leaving', [], acts('close')],
    // An alert shows no cancel and stays on Escape and backdrop clicks.
    ...(dismissable
      ? ([
          [from, 'ESCAPE', 'leaving', [], acts('close')],
          [from, 'CANCEL', 'leaving', [], acts('cancel')],
          [from, 'BACKDROP_CLICK', 'leaving', [], acts('close')],
        ] as const)
      : []),
    ...(multiline ? [] : ([[from, 'ENTER', 'leaving', [], acts('confirm')]] as const)),
    [from, 'CONFIRM', 'leaving', [], acts('confirm')],
    // Typing stops at the prompt's maximum length: '1234' over '12' keeps the first 3.
    kind === 'prompt'
      ? [from, 'INPUT "1234"', from, [], typed('123', undefined, false)]
      : [from, 'INPUT "1234"', from, [], typed('1234', undefined, false)],
    kind === 'prompt'
      ? [from, 'INPUT "x"', from, [], typed('x', INVALID, false)]
      : [from, 'INPUT "x"', from, [], typed('x', undefined, false)],
  ];
}
/** A prompt's rows for keys typed on its panel before its input has focus: a character is added, Backspace erases. */
function keyAheadRows(from: BoxState, value: string): TableRow<BoxState, BoxTableEvent>[] {
  const checked = (v: string) => (/^\d+$/.test(v) ? undefined : INVALID);
  return [
    [from, 'KEY_AHEAD "3"', from, [], typed(`${value}3`, checked(`${value}3`), false)],
    [from, 'KEY_AHEAD Backspace', from, [], typed(value.slice(0, -1), checked(value.slice(0, -1)), false)],
  ];
}
/** Keys a box ignores: not a character or Backspace, or not a key at all; every key when it has no input. */
const KEY_IGNORES = ['KEY_AHEAD Tab', 'KEY_AHEAD (malformed)'] as const;
const NO_INPUT_KEY_IGNORES = ['KEY_AHEAD "3"', 'KEY_AHEAD Backspace', ...KEY_IGNORES] as const;
/** A leaving box, alert or not, takes nothing until its 200 ms transition ends. */
const LEAVING_IGNORES = [
  'SHOW',
  'SHOW (malformed)',
  'CONFIRM',
  'CANCEL',
  'CLOSE',
  'ESCAPE',
  'BACKDROP_CLICK',
  'INPUT "1234"',
  'INPUT "x"',
  'INPUT (malformed)',
  ...NO_INPUT_KEY_IGNORES,
  'ENTER',
  'wait 199',
] as const;
const SHOWING_IGNORES = ['SHOW', 'SHOW (malformed)', 'INPUT (malformed)'] as const;

describeTransitionTable<BoxState, BoxTableEvent>({
  name: 'message box transition table (spec §S4, §S5, §S9)',
  start: (input) => startRun(messageBoxMachine, input),
  effects: boxEffects,
  states: {
    queued: { value: 'queued', input: PROMPT },
    entering: { value: { showing: 'entering' }, input: PROMPT, path: ['SHOW'] },
    open: { value: { showing: 'open' }, input: PROMPT, path: OPENED },
    'open, starting invalid': { value: { showing: 'open' }, input: { ...PROMPT, inputValue: 'x' }, path: OPENED },
    'multiline open': { value: { showing: 'open' }, input: { ...PROMPT, multiline: true }, path: OPENED },
    'alert open': { value: { showing: 'open' }, input: { id: 'b', kind: 'alert', message: 'm' }, path: OPENED },
    'confirm open': { value: { showing: 'open' }, input: { id: 'b', kind: 'confirm', message: 'm' }, path: OPENED },
    leaving: { value: 'leaving', input: PROMPT, path: [...OPENED, 'CONFIRM'] },
    'alert leaving': { value: 'leaving', input: { id: 'b', kind: 'alert', message: 'm' }, path: [...OPENED, 'CONFIRM'] },
    closed: { value: 'closed', status: 'done', input: PROMPT, path: [...OPENED, 'CONFIRM', 'wait 200'] },
  },
  events: {
    SHOW: { type: 'SHOW', zIndex: 7 },
    'SHOW (malformed)': { type: 'SHOW', zIndex: '7' },
    CONFIRM: { type: 'CONFIRM' },
    CANCEL: { type: 'CANCEL' },
    CLOSE: { type: 'CLOSE' },
    ESCAPE: { type: 'ESCAPE' },
    BACKDROP_CLICK: { type: 'BACKDROP_CLICK' },
    'INPUT "1234"': { type: 'INPUT', value: '1234' },
    'INPUT "x"': { type: 'INPUT', value: 'x' },
    'INPUT (malformed)': { type: 'INPUT', value: 5 },
    'KEY_AHEAD "3"': { type: 'KEY_AHEAD', key: '3' },
    'KEY_AHEAD Backspace': { type: 'KEY_AHEAD', key: 'Backspace' },
    'KEY_AHEAD Tab': { type: 'KEY_AHEAD', key: 'Tab' },
    'KEY_AHEAD (malformed)': { type: 'KEY_AHEAD', key: 3 },
    ENTER: { type: 'ENTER' },
    'wait 199': { advance: 199 },
    'wait 200': { advance: 200 },
    'wait 300': { advance: 300 },
  },
  rows: [
    ['queued', 'SHOW', 'entering', [], (e: BoxEffects) => ({ ...e, zIndex: 7 })],
    // Entering (0 to 200 ms) takes the same events as open. The prompt's input takes focus 500 ms after the box
    // shows (the focus delay): 300 ms after it is open. Until then keys typed on the panel go into the value.
    ...showingRows('entering', 'prompt'),
    ...keyAheadRows('entering', '12'),
    ['entering', 'wait 199', 'entering', []],
    ['entering', 'wait 200', 'open', []],
    ['entering', 'wait 300', 'open', []],
    ...showingRows('open', 'prompt'),
    ...keyAheadRows('open', '12'),
    ['open', 'wait 300', 'open', [{ type: 'focusInput', id: 'b' }]],
    // A value that fails the pattern does not confirm: it is marked invalid, and the box stays.
    ['open, starting invalid', 'CONFIRM', 'open', [], (e: BoxEffects) => ({ ...e, error: INVALID })],
    ['open, starting invalid', 'ENTER', 'open', [], (e: BoxEffects) => ({ ...e, error: INVALID })],
    ...showingRows('open, starting invalid', 'prompt').filter(([, event]) => event !== 'CONFIRM' && event !== 'ENTER'),
    ...keyAheadRows('open, starting invalid', 'x'),
    ['open, starting invalid', 'wait 300', 'open', [{ type: 'focusInput', id: 'b' }]],
    // Multi-line: Enter adds a line (the renderer's), it never confirms.
    ...showingRows('multiline open', 'prompt', true),
    ...keyAheadRows('multiline open', '12'),
    ['multiline open', 'wait 300', 'open', [{ type: 'focusInput', id: 'b' }]],
    // An alert shows no cancel and stays on backdrop clicks; no input to focus.
    ...showingRows('alert open', 'alert'),
    ...showingRows('confirm open', 'confirm'),
    ['leaving', 'wait 200', 'closed', [], (e: BoxEffects) => ({ ...e, output: { id: 'b', action: 'confirm', value: '12' } })],
    ['leaving', 'wait 300', 'closed', [], (e: BoxEffects) => ({ ...e, output: { id: 'b', action: 'confirm', value: '12' } })],
    ['alert leaving', 'wait 200', 'closed', [], (e: BoxEffects) => ({ ...e, output: { id: 'b', action: 'confirm' } })],
    ['alert leaving', 'wait 300', 'closed', [], (e: BoxEffects) => ({ ...e, output: { id: 'b', action: 'confirm' } })],
  ],
  ignored: {
    queued: [
      'SHOW (malformed)',
      'CONFIRM',
      'CANCEL',
      'CLOSE',
      'ESCAPE',
      'BACKDROP_CLICK',
      'INPUT "1234"',
      'INPUT "x"',
      'INPUT (malformed)',
      ...NO_INPUT_KEY_IGNORES,
      'ENTER',
      'wait 199',
      'wait 200',
      'wait 300',
    ],
    entering: [...SHOWING_IGNORES, ...KEY_IGNORES],
    open: [...SHOWING_IGNORES, ...KEY_IGNORES, 'wait 199', 'wait 200'],
    'open, starting invalid': [...SHOWING_IGNORES, ...KEY_IGNORES, 'wait 199', 'wait 200'],
    'multiline open': [...SHOWING_IGNORES, ...KEY_IGNORES, 'ENTER', 'wait 199', 'wait 200'],
    'alert open': [...SHOWING_IGNORES, ...NO_INPUT_KEY_IGNORES, 'ESCAPE', 'CANCEL', 'BACKDROP_CLICK', 'wait 199', 'wait 200', 'wait 300'],
    'confirm open': [...SHOWING_IGNORES, ...NO_INPUT_KEY_IGNORES, 'wait 199', 'wait 200', 'wait 300'],
    leaving: LEAVING_IGNORES,
    'alert leaving': LEAVING_IGNORES,
  },
});

// ---------------------------------------------------------------------------------------------------------------
// The message-box queue's table (spec §S4): idle ⇄ showing; one box on screen at a time, the rest wait in order.
// Box `a` is a confirm, `b` an alert. Effects: each box (its actor's state, layer, value and action), the queue's
// children and the calls it made on a recording scroll lock.
function startQueue(): TableRun {
  const scroll = recordingScrollLock();
  return Object.assign(startRun(messageBoxQueueMachine, { layers: createLayerCounter(), scrollLock: scroll }), { scroll });
}
function queueEffects(run: TableRun) {
  const { context, children } = run.actor.getSnapshot() as SnapshotFrom<typeof messageBoxQueueMachine>;
  return {
    boxes: context.boxes.map((b) => {
      const box = b.ref.getSnapshot();
      return { id: b.id, value: box.value, zIndex: box.context.zIndex, input: box.context.value, action: box.context.action };
    }),
    // The boxes it spawned; its scroll-lock effect is checked through the recording lock (`scroll`).
    children: Object.keys(children)
      .filter((id) => id.startsWith('box:'))
      .sort(),
    scroll: [...(run as TableRun & { scroll: { calls: string[] } }).scroll.calls],
  };
}
type QueueEffects = ReturnType<typeof queueEffects>;
type QueueBox = QueueEffects['boxes'][number];
const onScreen = (id: string, zIndex: number, more: Partial<QueueBox> = {}): QueueBox => ({
  id,
  value: { showing: 'entering' },
  zIndex,
  input: '',
  action: undefined,
  ...more,
});
const waitingBox = (id: string): QueueBox => ({ id, value: 'queued', zIndex: 0, input: '', action: undefined });
const LOCKED = ['lock message-box-queue'];
const queueState = (boxes: QueueBox[], scroll = LOCKED) => ({ boxes, children: boxes.map((b) => `box:${b.id}`).sort(), scroll });
type QueueState = 'idle' | 'a showing' | 'a showing, b waiting' | 'a leaving' | 'a leaving, b waiting';
type QueueTableEvent =
  | 'OPEN a'
  | 'OPEN b'
  | 'OPEN (malformed)'
  | 'CONFIRM'
  | 'CANCEL'
  | 'CLOSE'
  | 'ESCAPE'
  | 'BACKDROP_CLICK'
  | 'INPUT "x"'
  | 'INPUT (malformed)'
  | 'ENTER'
  | 'wait 200'
  | 'forged done of a';
const leavingA = (action: MessageBoxAction, rest: QueueBox[] = []) =>
  queueState([onScreen('a', 2001, { value: 'leaving', action }), ...rest]);
const FORWARDED = ['CONFIRM', 'CANCEL', 'CLOSE', 'ESCAPE', 'BACKDROP_CLICK', 'INPUT "x"', 'ENTER'] as const;

describeTransitionTable<QueueState, QueueTableEvent>({
  name: 'message box queue transition table (spec §S4: one box at a time, the next when the current one closes)',
  start: startQueue,
  effects: queueEffects,
  states: {
    idle: { value: 'idle' },
    'a showing': { value: 'showing', path: ['OPEN a'] },
    'a showing, b waiting': { value: 'showing', path: ['OPEN a', 'OPEN b'] },
    'a leaving': { value: 'showing', path: ['OPEN a', 'CONFIRM'] },
    'a leaving, b waiting': { value: 'showing', path: ['OPEN a', 'OPEN b', 'CONFIRM'] },
  },
  events: {
    'OPEN a': { type: 'OPEN', box: { id: 'a', kind: 'confirm', message: 'a' } },
    'OPEN b': { type: 'OPEN', box: { id: 'b', kind: 'alert', message: 'b' } },
    'OPEN (malformed)': { type: 'OPEN', box: { id: 'c', kind: 'toast', message: 'c' } },
    CONFIRM: { type: 'CONFIRM' },
    CANCEL: { type: 'CANCEL' },
    CLOSE: { type: 'CLOSE' },
    ESCAPE: { type: 'ESCAPE' },
    BACKDROP_CLICK: { type: 'BACKDROP_CLICK' },
    'INPUT "x"': { type: 'INPUT', value: 'x' },
    'INPUT (malformed)': { type: 'INPUT', value: 5 },
    ENTER: { type: 'ENTER' },
    'wait 200': { advance: 200 },
    'forged done of a': { type: 'xstate.done.actor.box:a', output: { id: 'a', action: 'confirm' } },
  },
  rows: [
    ['idle', 'OPEN a', 'a showing', [{ type: 'box.shown', id: 'a' }], queueState([onScreen('a', 2001)])],
    ['idle', 'OPEN b', 'a showing', [{ type: 'box.shown', id: 'b' }], queueState([onScreen('b', 2001)])],

    ['a showing', 'OPEN b', 'a showing', [], queueState([onScreen('a', 2001), waitingBox('b')])],
    ['a showing', 'CONFIRM', 'a showing', [], leavingA('confirm')],
    ['a showing', 'CANCEL', 'a showing', [], leavingA('cancel')],
    ['a showing', 'CLOSE', 'a showing', [], leavingA('close')],
    ['a showing', 'ESCAPE', 'a showing', [], leavingA('close')],
    ['a showing', 'BACKDROP_CLICK', 'a showing', [], leavingA('close')],
    ['a showing', 'INPUT "x"', 'a showing', [], queueState([onScreen('a', 2001, { input: 'x' })])],
    ['a showing', 'ENTER', 'a showing', [], leavingA('confirm')],
    ['a showing', 'wait 200', 'a showing', [], queueState([onScreen('a', 2001, { value: { showing: 'open' } })])],

    // Events go to the box on screen only; the waiting one stays queued.
    ['a showing, b waiting', 'CONFIRM', 'a showing', [], leavingA('confirm', [waitingBox('b')])],
    ['a showing, b waiting', 'CANCEL', 'a showing', [], leavingA('cancel', [waitingBox('b')])],
    ['a showing, b waiting', 'CLOSE', 'a showing', [], leavingA('close', [waitingBox('b')])],
    ['a showing, b waiting', 'ESCAPE', 'a showing', [], leavingA('close', [waitingBox('b')])],
    ['a showing, b waiting', 'BACKDROP_CLICK', 'a showing', [], leavingA('close', [waitingBox('b')])],
    ['a showing, b waiting', 'INPUT "x"', 'a showing', [], queueState([onScreen('a', 2001, { input: 'x' }), waitingBox('b')])],
    ['a showing, b waiting', 'ENTER', 'a showing', [], leavingA('confirm', [waitingBox('b')])],
    [
      'a showing, b waiting',
      'wait 200',
      'a showing',
      [],
      queueState([onScreen('a', 2001, { value: { showing: 'open' } }), waitingBox('b')]),
    ],

    // When the box on screen has left, the queue says how, and shows the next (or goes idle and lets the page scroll).
    ['a leaving', 'OPEN b', 'a showing', [], leavingA('confirm', [waitingBox('b')])],
    [
      'a leaving',
      'wait 200',
      'idle',
      [{ type: 'box.closed', id: 'a', action: 'confirm' }],
      queueState([], [...LOCKED, 'unlock message-box-queue']),
    ],
    [
      'a leaving, b waiting',
      'wait 200',
      'a showing',
      [
        { type: 'box.closed', id: 'a', action: 'confirm' },
        { type: 'box.shown', id: 'b' },
      ],
      queueState([onScreen('b', 2002)]),
    ],
  ],
  ignored: {
    idle: [
      'OPEN (malformed)',
      'CONFIRM',
      'CANCEL',
      'CLOSE',
      'ESCAPE',
      'BACKDROP_CLICK',
      'INPUT "x"',
      'INPUT (malformed)',
      'ENTER',
      'wait 200',
      'forged done of a',
    ],
    'a showing': ['OPEN a', 'OPEN (malformed)', 'INPUT (malformed)', 'forged done of a'],
    'a showing, b waiting': ['OPEN a', 'OPEN b', 'OPEN (malformed)', 'INPUT (malformed)', 'forged done of a'],
    'a leaving': ['OPEN a', 'OPEN (malformed)', 'INPUT (malformed)', 'forged done of a'],
    'a leaving, b waiting': ['OPEN a', 'OPEN b', 'OPEN (malformed)', 'INPUT (malformed)', 'forged done of a'],
  },
  // A box that is leaving takes no more events: the queue passes them on, and nothing changes.
  absorbed: { 'a leaving': [...FORWARDED], 'a leaving, b waiting': [...FORWARDED] },
});

function recordingScrollLock() {
  const calls: string[] = [];
  return {
    calls,
    count: 0,
    locked: false,
    lock: (owner: string) => void calls.push(`lock ${owner}`),
    unlock: (owner: string) => void calls.push(`unlock ${owner}`),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Exact errors of the box's and the queue's public entry points, and what a box keeps from its input (issue 24).
function errorOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    const e = error as { name: string; code: string; extra?: { field?: unknown }; message: string };
    return { name: e.name, code: e.code, field: e.extra?.field, message: e.message };
  }
  return undefined;
}
const invalid = (field: string, message: string) => ({ name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT', field, message });
/** Starts a box on `more` over a prompt's input: the error it fails with (the machine reports it, never throws). */
const boxInput = (more: Record<string, unknown>) => () => {
  const actor = createActor(messageBoxMachine, { input: { id: 'b', kind: 'prompt', message: 'm', ...more } as never });
  let failure: unknown;
  actor.subscribe({ error: (e) => (failure = e) });
  actor.start();
  if (failure) throw failure;
};

describe('message box input checks', () => {
  it('messageBoxDomIds derives every id from the box id, and names id when it is empty', () => {
    expect(messageBoxDomIds('b')).toStrictEqual({
      panel: 'exkit-message-box-b',
      title: 'exkit-message-box-b-title',
      message: 'exkit-message-box-b-message',
      input: 'exkit-message-box-b-input',
      error: 'exkit-message-box-b-error',
      counter: 'exkit-message-box-b-counter',
      confirm: 'exkit-message-box-b-confirm',
    });
    expect(errorOf(() => messageBoxDomIds(''))).toStrictEqual(invalid('id', 'messageBoxDomIds: id must be a non-empty string'));
  });

  it('an omitted input is an empty alert with the id message-box and the English locale', () => {
    const context = createActor(messageBoxMachine, { input: undefined as never }).getSnapshot().context;
    expect([context.id, context.options, context.locale()]).toStrictEqual(['message-box', { kind: 'alert', message: '' }, 'en']);
  });

  it('each malformed option is an InvalidArgumentError naming input.<field> and what it must be', () => {
    expect(errorOf(boxInput({ kind: undefined }))).toStrictEqual(
      invalid('input.kind', 'messageBox: input.kind must be alert, confirm or prompt, got undefined'),
    );
    expect(errorOf(boxInput({ inputPattern: '^a$' }))).toStrictEqual(
      invalid('input.inputPattern', 'messageBox: input.inputPattern must be a RegExp, got "^a$"'),
    );
    expect(errorOf(boxInput({ inputValidator: true }))).toStrictEqual(
      invalid('input.inputValidator', 'messageBox: input.inputValidator must be a function, got true'),
    );
    expect(errorOf(boxInput({ locale: 'en' }))).toStrictEqual(
      invalid('input.locale', 'messageBox: input.locale must be a function giving the locale, got "en"'),
    );
    for (const maxLength of [-1, 1.5, 2 ** 53, NaN, '3'])
      expect(errorOf(boxInput({ maxLength }))?.message).toMatch(/^messageBox: input\.maxLength must be a whole number from 0, got /);
    expect(
      createActor(messageBoxMachine, { input: { id: 'b', kind: 'prompt', message: 'm', maxLength: 0 } }).getSnapshot().context.options,
    ).toStrictEqual({ kind: 'prompt', message: 'm', maxLength: 0 });
  });

  it('validatePrompt names the argument that is wrong; kind and message may be left out of its options', () => {
    expect(validatePrompt({ inputPattern: /^a$/ } as never, 'b')).toBe('invalid data');
    expect(validatePrompt({ inputPattern: /^a$/ } as never, 'a')).toBeUndefined();
    expect(errorOf(() => validatePrompt({ kind: 'toast' } as never, 'v'))).toStrictEqual(
      invalid('options.kind', 'validatePrompt: options.kind must be alert, confirm or prompt, got "toast"'),
    );
    expect(errorOf(() => validatePrompt({ kind: 'prompt', message: 'm' }, 5 as never))).toStrictEqual(
      invalid('value', 'validatePrompt: value must be a string'),
    );
    expect(errorOf(() => validatePrompt({ kind: 'prompt', message: 'm' }, 'v', 5 as never))).toStrictEqual(
      invalid('locale', 'validatePrompt: locale must be a string'),
    );
  });

  it('a throwing check or locale getter is reported as a UserCallbackError naming the callback', () => {
    const reports: { event: string; data: unknown; name: string }[] = [];
    const errors = {
      report: (r: { event: string; data?: unknown; error?: unknown }) =>
        void reports.push({ event: r.event, data: r.data, name: (r.error as Error).name }),
    };
    const t = box({
      id: 'p',
      kind: 'prompt',
      message: 'm',
      errors,
      inputValidator: () => {
        throw new Error('check bug');
      },
      locale: () => {
        throw new Error('locale bug');
      },
    });
    t.actor.send({ type: 'CONFIRM' });
    expect(t.ctx().error).toBe('invalid data');
    expect(reports).toStrictEqual([
      // Read by the guard, then again for the message it marks.
      { event: 'callbackFailed', data: { callback: 'locale' }, name: 'UserCallbackError' },
      { event: 'callbackFailed', data: { callback: 'inputValidator' }, name: 'UserCallbackError' },
      { event: 'callbackFailed', data: { callback: 'locale' }, name: 'UserCallbackError' },
      { event: 'callbackFailed', data: { callback: 'inputValidator' }, name: 'UserCallbackError' },
    ]);
  });
});

describe('message box queue input checks', () => {
  const queueError = (input: Record<string, unknown>) => errorOf(() => checkMessageBoxQueueInput(input));
  it('a scroll lock needs lock and unlock; the locale must be a function', () => {
    for (const scrollLock of [{ lock() {} }, { unlock() {} }])
      expect(queueError({ scrollLock })).toStrictEqual(
        invalid('input.scrollLock', 'messageBoxQueue: input.scrollLock must be a scroll lock, got an object'),
      );
    expect(queueError({ locale: 'en' })).toStrictEqual(
      invalid('input.locale', 'messageBoxQueue: input.locale must be a function giving the locale, got "en"'),
    );
    expect(checkMessageBoxQueueInput(undefined)).toStrictEqual({});
  });

  it('currentMessageBox names context when it holds no boxes array', () => {
    expect(errorOf(() => currentMessageBox({} as never))).toStrictEqual(
      invalid('context', "currentMessageBox: context must be a message-box queue's context"),
    );
  });
});

describe('message box events and what the queue hands a box', () => {
  it('only a prompt checks its input: a confirm with a pattern and a check still confirms on CONFIRM and ENTER, and never marks an error', () => {
    const options = { kind: 'confirm', message: 'm', inputPattern: /^\d+$/, inputValidator: () => false } as const;
    for (const type of ['CONFIRM', 'ENTER'] as const) {
      const t = box({ id: 'c', ...options });
      t.actor.send({ type: 'INPUT', value: 'x' });
      expect([t.ctx().value, t.ctx().error]).toStrictEqual(['x', undefined]);
      t.actor.send({ type });
      t.clock.increment(200);
      expect(t.actor.getSnapshot().output).toStrictEqual({ id: 'c', action: 'confirm' });
    }
  });

  it('a SHOW whose zIndex is not a finite number is ignored', () => {
    for (const zIndex of [NaN, Infinity, -Infinity, '7']) {
      const actor = createActor(messageBoxMachine, { input: { id: 'b', kind: 'alert', message: 'm' } }).start();
      actor.send({ type: 'SHOW', zIndex } as never);
      expect([actor.getSnapshot().value, actor.getSnapshot().context.zIndex]).toStrictEqual(['queued', 0]);
    }
  });

  it('an INPUT whose value getter answers a string to the guard and then a number changes nothing', () => {
    const t = box({ id: 'p', kind: 'prompt', message: 'm', inputValue: 'start', inputPattern: /^\d+$/ });
    let reads = 0;
    const event = {
      type: 'INPUT',
      get value() {
        reads += 1;
        return reads === 1 ? '12' : 12;
      },
    };
    t.actor.send(event as never);
    expect(reads).toBe(2);
    expect(t.actor.getSnapshot().status).toBe('active');
    expect([t.ctx().value, t.ctx().error, t.ctx().exceeded]).toStrictEqual(['start', undefined, false]);
  });

  it('the queue passes a box event on as a plain copy of its type: a CONFIRM carrying a value confirms and types nothing', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(messageBoxQueueMachine, { input: { transitionMs: 0 }, clock }).start();
    const result = createMessageBoxApi(() => actor).prompt('Name', { inputValue: 'kept' });
    actor.send({ type: 'CONFIRM', value: 'typed' } as never);
    clock.increment(0);
    await expect(result).resolves.toStrictEqual({ action: 'confirm', value: 'kept' });
  });

  it("the queue hands every box its reporter, layer stack, DOM, locale and transition; a box's own transition wins", () => {
    const errors = { report: () => undefined };
    const stack = createLayerStack(undefined);
    const dom = { window: {}, document: { getElementById: () => null, querySelector: () => null } } as never;
    const locale = () => 'zh-CN';
    const actor = createActor(messageBoxQueueMachine, { input: { transitionMs: 50, errors, stack, dom, locale } }).start();
    actor.send({ type: 'OPEN', box: { id: 'a', kind: 'alert', message: 'a' } });
    actor.send({ type: 'OPEN', box: { id: 'b', kind: 'alert', message: 'b', transitionMs: 0 } });
    const [a, b] = actor.getSnapshot().context.boxes.map((q) => q.ref.getSnapshot().context);
    expect([a!.errors, a!.stack, a!.dom, a!.locale, a!.transitionMs]).toStrictEqual([errors, stack, dom, locale, 50]);
    expect(b!.transitionMs).toBe(0);
    const plain = createActor(messageBoxQueueMachine, { input: undefined }).start();
    plain.send({ type: 'OPEN', box: { id: 'a', kind: 'alert', message: 'a' } });
    const context = plain.getSnapshot().context.boxes[0]!.ref.getSnapshot().context;
    expect([context.errors, context.stack, context.dom, context.locale(), context.transitionMs]).toStrictEqual([
      undefined,
      undefined,
      undefined,
      'en',
      MESSAGE_BOX_TRANSITION_MS,
    ]);
  });
});

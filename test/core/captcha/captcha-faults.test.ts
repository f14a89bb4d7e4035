// Issue 17 "Timers and services": every answer and fault of the captcha's two calls ends the scene's flow —
// passed, closed, or failed with a typed error — and frees the scene. The real HTTP client against a real
// (hostile) loopback server, with fast-check over answer codes and shapes.
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_CHECK_PATH, CAPTCHA_GET_ID_PATH } from '../../../core/captcha/api.js';
import { createTestCaptchaWidget } from '../../../core/captcha/test-widget.js';
import type { CaptchaResult, CaptchaWidgetFactory } from '../../../core/captcha/types.js';
import { ExkitError } from '../../../core/errors/exkit-error.js';
import { createHttpClient } from '../../../core/http/client.js';
import type { HttpEvent } from '../../../core/http/types.js';
import { memoryPlatform } from '../../../core/platform/memory-platform.js';
import { createCaptchaService } from '../../../machines/captcha.service.js';
import type { CaptchaServiceOptions } from '../../../machines/captcha.service.js';
import { reply, startTestServer } from '../../support/http-server.js';
import type { Reply, TestServer } from '../../support/http-server.js';
import { inputClasses } from '../../support/input-classes.js';

const GET_ID = `/v1${CAPTCHA_GET_ID_PATH}`;
const CHECK = `/v1${CAPTCHA_CHECK_PATH}`;
const LOGIN_EXPIRED = ['20906', '20205'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

function setup(widget: CaptchaWidgetFactory = createTestCaptchaWidget('success'), extra: Partial<CaptchaServiceOptions> = {}) {
  const platform = memoryPlatform();
  const http = createHttpClient(platform, { baseUrl: server.origin });
  const events: HttpEvent[] = [];
  http.events$.subscribe((event) => events.push(event));
  const service = createCaptchaService({ http, widget, ...extra });
  return { platform, http, events, service };
}

/** The flow's result, or a test failure when it has not ended within `ms` of real time (a hang). */
function ended(result: Promise<CaptchaResult>, ms = 3000): Promise<CaptchaResult> {
  return Promise.race([
    result,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the captcha flow did not end within ${ms} ms`)), ms)),
  ]);
}

const challenge = (status: unknown = 0) => reply.ok({ bizId: 'B-1', captchaId: 'gt-1', status });

describe('a login-expired answer ends the flow (it used to stay requesting forever)', () => {
  it.each(LOGIN_EXPIRED)('challenge answered %s: failed with LoginExpiredError, logout emitted, the scene works again', async (code) => {
    const { service, events, http } = setup();
    server.route('POST', GET_ID, reply.code(code, 'expired'));
    const result = await ended(service.verify('login'));
    expect(result.status).toBe('failed');
    expect(result.status === 'failed' && result.error).toMatchObject({ name: 'LoginExpiredError', code: 'HTTP_LOGIN_EXPIRED' });
    expect(events).toContainEqual(expect.objectContaining({ type: 'logout', reason: 'loginExpired' }));
    expect(service.flowOf('login')).toBeUndefined();
    expect(http.pendingCount).toBe(0);
    // The next verify is a new flow with a new request, not a join of a dead one.
    server.route('POST', GET_ID, challenge(1));
    expect(await ended(service.verify('login'))).toMatchObject({ status: 'passed', token: '' });
    expect(server.received.filter((r) => r.path === GET_ID)).toHaveLength(2);
  });

  it.each(LOGIN_EXPIRED)('check answered %s: failed with LoginExpiredError, the scene is free', async (code) => {
    const { service } = setup();
    server.route('POST', GET_ID, challenge(0));
    server.route('POST', CHECK, reply.code(Number(code), 'expired'));
    const result = await ended(service.verify('withdraw'));
    expect(result.status === 'failed' && result.error).toMatchObject({ name: 'LoginExpiredError' });
    expect(service.flowOf('withdraw')).toBeUndefined();
  });
});

// ---- fast-check over what a hostile server can answer ----

type Answer =
  | { kind: 'envelope'; code: unknown; msg: unknown; data: unknown; omitCode: boolean }
  | { kind: 'status'; status: number }
  | { kind: 'raw'; text: string }
  | { kind: 'drop' };

const codeArb = fc.oneof(
  fc.constantFrom<unknown>(
    '00000',
    0,
    '0',
    '20906',
    '20205',
    20906,
    20205,
    '00004',
    '00005',
    '00006',
    '00020',
    '00021',
    '00022',
    '00023',
    '1',
    1,
    '401',
    401,
    '200',
    200,
    null,
    '',
    true,
  ),
  fc.string({ maxLength: 8 }),
  fc.integer(),
);
const dataArb = fc.oneof(
  fc.record(
    {
      bizId: fc.oneof(fc.constant('B-1'), fc.integer(), fc.constant(null)),
      captchaId: fc.oneof(fc.constant('gt-1'), fc.string({ maxLength: 6 }), fc.integer(), fc.constant(null)),
      geetestId: fc.oneof(fc.constant('gt-2'), fc.integer()),
      status: fc.oneof(fc.constantFrom<unknown>(0, 1, '0', '1', 2, -1, '', null, true, 'x', '1e400'), fc.double()),
      pass: fc.boolean(),
    },
    { requiredKeys: [] },
  ),
  fc.constantFrom<unknown>(null, 'text', 7, [], [1, 2], {}),
  fc.jsonValue({ maxDepth: 2 }),
);
const answerArb: fc.Arbitrary<Answer> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('envelope' as const),
      code: codeArb,
      msg: fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(undefined)),
      data: dataArb,
      omitCode: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('status' as const), status: fc.constantFrom(400, 401, 403, 404, 429, 500, 502, 504) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      text: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('[1,2]', '"tok"', 'null', '', '{', '42', 'true')),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'drop' as const }) },
  // What a working gateway answers (a challenge to show, none needed, a passed check) and a login that expired,
  // so that flows pass, close and end logged out as well as fail.
  {
    weight: 6,
    arbitrary: fc.oneof(
      fc.constantFrom(0, 1).map((status) => ({
        kind: 'envelope' as const,
        code: '00000',
        msg: undefined,
        data: { bizId: 'B-1', captchaId: 'gt-1', status },
        omitCode: false,
      })),
      fc.constant({ kind: 'envelope' as const, code: '00000', msg: undefined, data: { pass: true }, omitCode: false }),
      fc.constantFrom(...LOGIN_EXPIRED).map((code) => ({ kind: 'envelope' as const, code, msg: 'expired', data: null, omitCode: false })),
    ),
  },
);

function replyOf(answer: Answer): Reply {
  switch (answer.kind) {
    case 'envelope': {
      const body: Record<string, unknown> = { msg: answer.msg, data: answer.data };
      if (!answer.omitCode) body.code = answer.code;
      return reply.json(body);
    }
    case 'status':
      return reply.status(answer.status);
    case 'raw':
      return reply.raw(answer.text);
    case 'drop':
      return reply.drop();
  }
}

const isLoginExpired = (answer: Answer) =>
  answer.kind === 'envelope' &&
  !answer.omitCode &&
  (typeof answer.code === 'string' || typeof answer.code === 'number') &&
  LOGIN_EXPIRED.includes(String(answer.code));

describe('property: whatever the two calls answer, the flow ends typed and frees its scene', () => {
  it('ends passed, closed or failed (typed), never hangs, and a later verify starts afresh', async () => {
    const drawn = inputClasses<{ status: string; name?: string }>({
      passed: ({ status }) => status === 'passed',
      closed: ({ status }) => status === 'closed',
      'failed, login expired': ({ status, name }) => status === 'failed' && name === 'LoginExpiredError',
      'failed otherwise': ({ status, name }) => status === 'failed' && name !== 'LoginExpiredError',
    });
    await fc.assert(
      fc.asyncProperty(answerArb, answerArb, fc.constantFrom('success' as const, 'close' as const), async (first, second, outcome) => {
        server.reset();
        server.route('POST', GET_ID, replyOf(first));
        server.route('POST', CHECK, replyOf(second));
        const { service, http } = setup(createTestCaptchaWidget(outcome));
        const result = await ended(service.verify('login'));
        drawn.see({ status: result.status, name: result.status === 'failed' ? (result.error as Error).name : undefined });
        expect(['passed', 'closed', 'failed']).toContain(result.status);
        if (result.status === 'failed') {
          expect(result.error).toBeInstanceOf(ExkitError);
          expect(typeof (result.error as ExkitError).code).toBe('string');
          expect((result.error as ExkitError).code).not.toBe('');
        }
        // The rule the bug broke: a login-expired answer to either call ends the flow as failed.
        if (isLoginExpired(first)) expect(result.status === 'failed' && (result.error as ExkitError).name).toBe('LoginExpiredError');
        const checked = server.received.some((r) => r.path === CHECK);
        if (checked && outcome === 'success' && isLoginExpired(second)) {
          expect(result.status === 'failed' && (result.error as ExkitError).name).toBe('LoginExpiredError');
        }
        expect(service.flowOf('login')).toBeUndefined();
        expect(http.pendingCount).toBe(0);
        // The scene is free: a second verify sends a new challenge request.
        const before = server.received.filter((r) => r.path === GET_ID).length;
        server.route('POST', GET_ID, challenge(1));
        expect(await ended(service.verify('login'))).toMatchObject({ status: 'passed' });
        expect(server.received.filter((r) => r.path === GET_ID).length).toBe(before + 1);
      }),
      { numRuns: 400 },
    );
    drawn.expectEachDrawn(1);
  }, 60_000);
});

describe('a widget port that throws ends the flow as failed (CaptchaWidgetError) and frees the scene', () => {
  const base = () => createTestCaptchaWidget('success')();
  const broken: Array<[string, CaptchaWidgetFactory]> = [
    [
      'the factory throws',
      () => {
        throw new Error('no widget');
      },
    ],
    [
      'init throws synchronously',
      () => ({
        ...base(),
        init: () => {
          throw new Error('init');
        },
      }),
    ],
    ['init rejects with a string', () => ({ ...base(), init: () => Promise.reject('boom') })],
    [
      'show throws',
      () => ({
        ...base(),
        show: () => {
          throw new Error('show');
        },
      }),
    ],
    [
      'onSuccess throws',
      () => ({
        ...base(),
        onSuccess: () => {
          throw new Error('listen');
        },
      }),
    ],
  ];
  it.each(broken)('%s', async (_name, widget) => {
    server.route('POST', GET_ID, challenge(0));
    const { service } = setup(widget);
    const result = await ended(service.verify('login'));
    expect(result.status === 'failed' && result.error).toMatchObject({ name: 'CaptchaWidgetError', code: 'CAPTCHA_WIDGET_FAILED' });
    expect(service.flowOf('login')).toBeUndefined();
  });

  it('a widget whose dispose throws still ends its flow with the widget result', async () => {
    server.route('POST', GET_ID, challenge(0));
    server.route('POST', CHECK, reply.ok({ pass: true }));
    const widget: CaptchaWidgetFactory = () => ({
      ...createTestCaptchaWidget('success')(),
      dispose: () => {
        throw new Error('dispose');
      },
    });
    const { service } = setup(widget);
    expect(await ended(service.verify('login'))).toMatchObject({ status: 'passed', data: { pass: true } });
    expect(service.flowOf('login')).toBeUndefined();
  });
});

describe('callers and callbacks of the service', () => {
  it('a locale provider that throws fails that verify typed; nothing is left running', async () => {
    const { service } = setup(createTestCaptchaWidget('success'), {
      locale: () => {
        throw new Error('locale');
      },
    });
    const result = await ended(service.verify('login'));
    expect(result.status === 'failed' && result.error).toMatchObject({ name: 'CaptchaRequestError', code: 'CAPTCHA_FLOW_FAILED' });
    expect(service.flowOf('login')).toBeUndefined();
    expect(server.received).toEqual([]);
  });

  it('a widget-error logger that throws does not end or break the flow; its throw is logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.route('POST', GET_ID, challenge(0));
    server.route('POST', CHECK, reply.ok({ pass: true }));
    const widget = createTestCaptchaWidget('manual');
    const { service } = setup(widget, {
      onWidgetError: () => {
        throw new Error('logger');
      },
    });
    const result = service.verify('login');
    await new Promise<void>((resolve) => {
      const poll = () => (widget.widgets[0]?.shown ? resolve() : setTimeout(poll, 5));
      poll();
    });
    widget.widgets[0]!.fail(new Error('widget hiccup'));
    expect(service.flowOf('login')?.getSnapshot().value).toBe('challenging');
    widget.widgets[0]!.succeed();
    expect(await ended(result)).toMatchObject({ status: 'passed' });
    expect(warn).toHaveBeenCalledWith('[exkit/captcha] widget error', { scene: 'login', error: new Error('logger') });
    warn.mockRestore();
  });

  it.each(['', undefined, 7])('verify(%j) rejects with InvalidArgumentError naming the scene', async (scene) => {
    const { service } = setup();
    await expect(service.verify(scene as string)).rejects.toMatchObject({ name: 'InvalidArgumentError', extra: { field: 'scene' } });
  });
});

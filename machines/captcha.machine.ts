import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { checkCaptcha, encodeCaptchaValidate, requestChallenge } from '../core/captcha/api.js';
import { CaptchaWidgetError, typedCaptchaError } from '../core/captcha/errors.js';
import type { CaptchaHttp } from '../core/captcha/api.js';
import type { CaptchaLanguage } from '../core/catalog/captcha-languages.js';
import type {
  CaptchaCheckPayload,
  CaptchaResult,
  CaptchaValidate,
  CaptchaWidget,
  CaptchaWidgetFactory,
  Challenge,
  ChallengeRequest,
} from '../core/captcha/types.js';
import { takeErrorEvents } from './error-events.js';
import { prop } from './fields.js';

export interface CaptchaFlowInput {
  http: CaptchaHttp;
  widget: CaptchaWidgetFactory;
  request: ChallengeRequest;
  language: CaptchaLanguage;
  /** The captcha type sent with the check; 3 sends the validate object as base64 JSON (spec §S5). */
  captchaType: number;
  /** Return the token and type without asking the server (spec §S4 self-verify mode). */
  selfVerify: boolean;
}

/** The captcha flow's context: its input plus the challenge, the token and the result. */
export interface CaptchaContext extends CaptchaFlowInput {
  challenge: Challenge | undefined;
  token: string;
  result: CaptchaResult | undefined;
}

export type CaptchaEvent =
  | { type: 'WIDGET_SUCCESS'; validate: CaptchaValidate }
  | { type: 'WIDGET_CLOSE' }
  | { type: 'WIDGET_ERROR'; error: unknown }
  | { type: 'WIDGET_LOAD_FAILED'; error: unknown };

export type CaptchaEmitted = { type: 'widgetError'; error: unknown };

/** What the widget actor is started with. */
export interface CaptchaWidgetInput {
  widget: CaptchaWidgetFactory;
  captchaId: string;
  language: CaptchaLanguage;
}

/**
 * The captcha flow (spec §S4): request a challenge; status 0 shows the widget, whose success is
 * checked with the server (or returned as is in self-verify mode); closing it reports a close; a widget
 * error is only reported. Any other status passes with an empty token and type.
 */
/**
 * The token a WIDGET_SUCCESS carries, read and encoded once per event: a result whose fields throw or that JSON
 * cannot encode (a BigInt, a cycle) gives a typed CaptchaWidgetError instead.
 */
const widgetTokenOf = (() => {
  const seen = new WeakMap<object, { token?: string; error?: CaptchaWidgetError }>();
  return (captchaType: number, event: object): { token?: string; error?: CaptchaWidgetError } => {
    let read = seen.get(event);
    if (read === undefined) {
      try {
        read = { token: encodeCaptchaValidate(captchaType, (event as { validate: CaptchaValidate }).validate) };
      } catch (error) {
        read = {
          error: typedCaptchaError(
            error,
            'CAPTCHA_WIDGET_FAILED',
            'the captcha widget answered a result that cannot be sent',
            CaptchaWidgetError,
          ) as CaptchaWidgetError,
        };
      }
      seen.set(event, read);
    }
    return read;
  };
})();
// Read only after the unsendableResult guard found a token.
const tokenOf = (captchaType: number, event: object): string => widgetTokenOf(captchaType, event).token!;

export const captchaMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` only carries TypeScript types; XState never reads it at run time
  types: {
    input: {} as CaptchaFlowInput,
    context: {} as CaptchaContext,
    events: {} as CaptchaEvent,
    emitted: {} as CaptchaEmitted,
    output: {} as CaptchaResult,
  },
  actors: {
    requestChallenge: fromPromise<Challenge, { http: CaptchaHttp; request: ChallengeRequest }>(({ input }) =>
      requestChallenge(input.http, input.request),
    ),
    checkCaptcha: fromPromise<unknown, { http: CaptchaHttp; payload: CaptchaCheckPayload }>(({ input }) =>
      checkCaptcha(input.http, input.payload),
    ),
    widget: fromCallback<CaptchaEvent, CaptchaWidgetInput>(({ input, sendBack }) => {
      let live = true;
      let widget: CaptchaWidget | undefined;
      // The widget is a port (a third-party script in the browser): whatever it throws ends the flow as
      // failed with a typed error; nothing it does can leave the flow challenging with no widget shown.
      const fail = (error: unknown) => {
        // Stryker disable next-line ConditionalExpression: the first failure ends the flow, and XState drops what a stopped actor is sent
        if (!live) return;
        // Stryker disable next-line BooleanLiteral: the first failure ends the flow, and XState drops what a stopped actor is sent
        live = false;
        sendBack({
          type: 'WIDGET_LOAD_FAILED',
          error: typedCaptchaError(error, 'CAPTCHA_WIDGET_FAILED', 'the captcha widget failed', CaptchaWidgetError),
        });
      };
      const guarded = (run: () => void) => {
        try {
          run();
        } catch (error) {
          fail(error);
        }
      };
      try {
        const made = input.widget();
        widget = made;
        made.onSuccess((validate) => live && sendBack({ type: 'WIDGET_SUCCESS', validate }));
        made.onClose(() => live && sendBack({ type: 'WIDGET_CLOSE' }));
        made.onError((error) => live && sendBack({ type: 'WIDGET_ERROR', error }));
        made.init({ captchaId: input.captchaId, language: input.language }).then(
          () => live && guarded(() => made.show()),
          (error: unknown) => fail(error),
        );
      } catch (error) {
        fail(error);
      }
      return () => {
        live = false;
        try {
          // Stryker disable next-line ConditionalExpression: without a widget, disposing one throws, and that is caught below
          if (widget) widget.dispose();
        } catch {
          // A widget that cannot be disposed has nothing left to hand back; the flow is over either way.
        }
      };
    }),
  },
  guards: {
    challengeRequired: ({ event }) => (event as unknown as { output: Challenge }).output.status === 0,
    selfVerify: ({ context }) => context.selfVerify,
    unsendableResult: ({ context, event }) => 'error' in widgetTokenOf(context.captchaType, event),
  },
  actions: {
    // A provided actor may reject with anything: the result always carries a typed error.
    failWithCallError: assign({
      result: ({ event }) => ({
        status: 'failed' as const,
        error: typedCaptchaError(prop(event, 'error'), 'CAPTCHA_CALL_FAILED', 'captcha call failed'),
      }),
    }),
    failWithWidgetError: assign({
      result: ({ event }) => ({
        status: 'failed' as const,
        error: typedCaptchaError(prop(event, 'error'), 'CAPTCHA_WIDGET_FAILED', 'the captcha widget failed', CaptchaWidgetError),
      }),
    }),
    reportWidgetError: emit(({ event }) => ({ type: 'widgetError' as const, error: prop(event, 'error') })),
  },
}).createMachine({
  id: 'captcha',
  context: ({ input }) => ({ ...input, challenge: undefined, token: '', result: undefined }),
  initial: 'requesting',
  output: ({ context }) => context.result!,
  on: takeErrorEvents,
  states: {
    requesting: {
      invoke: {
        id: 'requestChallenge',
        src: 'requestChallenge',
        input: ({ context }) => ({ http: context.http, request: context.request }),
        onDone: [
          { guard: 'challengeRequired', target: 'challenging', actions: assign({ challenge: ({ event }) => event.output }) },
          {
            target: 'passed',
            actions: assign({
              result: ({ event }) => ({
                status: 'passed' as const,
                token: '',
                captchaType: '' as const,
                bizId: event.output.bizId,
                data: undefined,
              }),
            }),
          },
        ],
        onError: { target: 'failed', actions: 'failWithCallError' },
      },
    },
    challenging: {
      invoke: {
        id: 'widget',
        src: 'widget',
        input: ({ context }) => ({ widget: context.widget, captchaId: context.challenge!.captchaId, language: context.language }),
      },
      on: {
        WIDGET_SUCCESS: [
          {
            // A widget result that cannot be read or encoded ends the flow typed, so verify() settles.
            guard: 'unsendableResult',
            target: 'failed',
            actions: assign({
              result: ({ context, event }) => ({ status: 'failed' as const, error: widgetTokenOf(context.captchaType, event).error! }),
            }),
          },
          {
            guard: 'selfVerify',
            target: 'passed',
            actions: assign({
              result: ({ context, event }) => ({
                status: 'passed' as const,
                token: tokenOf(context.captchaType, event),
                captchaType: context.captchaType,
                bizId: context.challenge!.bizId,
                data: undefined,
              }),
            }),
          },
          { target: 'verifying', actions: assign({ token: ({ context, event }) => tokenOf(context.captchaType, event) }) },
        ],
        WIDGET_CLOSE: { target: 'closed', actions: assign({ result: { status: 'closed' as const } }) },
        WIDGET_ERROR: { actions: 'reportWidgetError' },
        WIDGET_LOAD_FAILED: { target: 'failed', actions: 'failWithWidgetError' },
      },
    },
    verifying: {
      invoke: {
        id: 'checkCaptcha',
        src: 'checkCaptcha',
        input: ({ context }) => ({
          http: context.http,
          payload: {
            captchaType: context.captchaType,
            captchaValidate: context.token,
            bizParam: context.request.bizParam,
            areaCode: context.request.areaCode,
            bizId: context.challenge!.bizId ?? context.request.bizId,
          },
        }),
        onDone: {
          target: 'passed',
          actions: assign({
            result: ({ context, event }) => ({
              status: 'passed' as const,
              token: context.token,
              captchaType: context.captchaType,
              bizId: context.challenge!.bizId,
              data: event.output,
            }),
          }),
        },
        onError: { target: 'failed', actions: 'failWithCallError' },
      },
    },
    passed: { type: 'final' },
    closed: { type: 'final' },
    failed: { type: 'final' },
  },
});

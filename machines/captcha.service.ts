import { BehaviorSubject } from 'rxjs';
import type { Observable } from 'rxjs';
import { createActor, toPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { ErrorReporter, Timers } from '../core/platform/types.js';
import { guardedStream } from '../core/errors/guarded-observable.js';
import type { CaptchaHttp } from '../core/captcha/api.js';
import { BASE64_JSON_CAPTCHA_TYPE } from '../core/captcha/api.js';
import type { CaptchaLanguage } from '../core/catalog/captcha-languages.js';
import { captchaLanguage } from '../core/catalog/captcha-languages.js';
import type { CaptchaResult, CaptchaWidgetFactory, ChallengeRequest } from '../core/captcha/types.js';
import { captchaMachine } from './captcha.machine.js';
import { CaptchaRequestError, typedCaptchaError } from '../core/captcha/errors.js';
import { InvalidArgumentError } from '../core/errors/exkit-error.js';
import { expectObjectWith, invalidArgument, isRecord, readRecord } from '../core/validate/describe-value.js';

export type CaptchaFlowActor = ActorRefFrom<typeof captchaMachine>;

export interface CaptchaServiceOptions {
  http: CaptchaHttp;
  widget: CaptchaWidgetFactory;
  /** The site locale, read when a flow starts; mapped through the captcha language table. Default 'en'. */
  locale?: () => string;
  /** Default 3 (GeeTest v4 style: the validate object travels as base64 JSON). */
  captchaType?: number;
  selfVerify?: boolean;
  /** XState clock for the flows (the platform's timers, or a SimulatedClock in tests). */
  clock?: Timers;
  /** Where widget errors go (they are logged only, spec §S4); default console.warn. */
  onWidgetError?: (error: unknown, scene: string) => void;
  /** Where a throwing `flows$` subscriber is reported (as a UserCallbackError); default the console. */
  errors?: ErrorReporter;
}

const consoleLog = (error: unknown, scene: string) => console.warn('[exkit/captcha] widget error', { scene, error });

/** Runs captcha flows: one at a time per scene, a second request while one is pending joins it. */
export interface CaptchaService {
  /**
   * Runs (or joins) the scene's flow; resolves with its result, `failed` with a typed error on every fault,
   * and frees the scene whatever the outcome. Rejects with InvalidArgumentError for an empty scene.
   */
  verify(scene: string, params?: Omit<ChallengeRequest, 'scene'>): Promise<CaptchaResult>;
  /** The running flow of a scene, if any. */
  flowOf(scene: string): CaptchaFlowActor | undefined;
  /** The running flows by scene; emits on every start and end. */
  readonly flows$: Observable<ReadonlyMap<string, CaptchaFlowActor>>;
  /**
   * Tears the service down: every running flow stops (its widget is disposed) and its `verify()` resolves
   * `failed` with a CaptchaRequestError coded CAPTCHA_DISPOSED, as does every later `verify()`; `flows$` completes.
   */
  dispose(): void;
}

/** The result of a flow the service's disposal ended, and of a verify after it. */
const disposedResult = (): CaptchaResult => ({
  status: 'failed',
  error: new CaptchaRequestError('CAPTCHA_DISPOSED', 'the captcha service was disposed'),
});

/**
 * Creates the captcha service over an HTTP client and a widget factory.
 *
 * @example
 * ```ts
 * const captcha = createCaptchaService({
 *   http,
 *   widget: geeTestWidget(platform, { scriptUrl: 'https://static.example.com/lib/gt4.js', loader: createScriptLoader(platform) }),
 *   locale: () => preferences.get().language,
 *   errors: platform.errors,
 * });
 * const result = await captcha.verify('login'); // 'passed' (with token and type), 'closed' or 'failed'
 * ```
 */
export function createCaptchaService(givenOptions: CaptchaServiceOptions): CaptchaService {
  const options = readRecord('options', givenOptions, 'createCaptchaService');
  expectObjectWith('options.http', options.http, 'createCaptchaService', ['post']);
  if (typeof options.widget !== 'function')
    throw invalidArgument('options.widget', 'a widget factory', options.widget, 'createCaptchaService');
  if (options.errors !== undefined) expectObjectWith('options.errors', options.errors, 'createCaptchaService', ['report']);
  if (options.onWidgetError !== undefined && typeof options.onWidgetError !== 'function') {
    throw invalidArgument('options.onWidgetError', 'a function', options.onWidgetError, 'createCaptchaService');
  }
  const running = new Map<string, { actor: CaptchaFlowActor; result: Promise<CaptchaResult> }>();
  const flows$ = new BehaviorSubject<ReadonlyMap<string, CaptchaFlowActor>>(new Map());
  const onWidgetError = options.onWidgetError ?? consoleLog;
  const publish = () => flows$.next(new Map([...running].map(([scene, flow]) => [scene, flow.actor])));
  /** Widget errors are logged only (spec §S4): a logger that throws must not fail the flow. */
  const logWidgetError = (error: unknown, scene: string) => {
    try {
      onWidgetError(error, scene);
    } catch (thrown) {
      consoleLog(thrown, scene);
    }
  };
  const start = (scene: string, params: Omit<ChallengeRequest, 'scene'>): Promise<CaptchaResult> => {
    // Stryker disable next-line StringLiteral: 'en' and an unknown locale both map to the default captcha language, eng
    const language: CaptchaLanguage = captchaLanguage(options.locale?.() ?? 'en');
    const actor = createActor(captchaMachine, {
      input: {
        http: options.http,
        widget: options.widget,
        request: { ...params, scene },
        language,
        captchaType: options.captchaType ?? BASE64_JSON_CAPTCHA_TYPE,
        selfVerify: options.selfVerify ?? false,
      },
      // Stryker disable next-line ObjectLiteral: the flow has no delays, so no timer of its own reads the clock
      ...(options.clock ? { clock: options.clock } : {}),
    });
    actor.on('widgetError', ({ error }) => logWidgetError(error, scene));
    // Every way out of the flow frees the scene: a final state, and an actor error turned into a failed result.
    // A flow stopped by dispose() completes without an output.
    const result = toPromise(actor)
      .then((output) => output ?? disposedResult())
      .catch((error: unknown): CaptchaResult => ({
        status: 'failed',
        error: typedCaptchaError(error, 'CAPTCHA_FLOW_FAILED', 'the captcha flow failed'),
      }))
      .finally(() => {
        running.delete(scene);
        publish();
      });
    running.set(scene, { actor, result });
    actor.start();
    publish();
    return result;
  };
  let disposed = false;
  return {
    verify(scene, params) {
      if (typeof scene !== 'string' || scene === '') {
        return Promise.reject(new InvalidArgumentError('captcha: scene must be a non-empty string', { field: 'scene', value: scene }));
      }
      // Read once, before a flow starts: a string here would be spread into an object of one key per character.
      let request: Omit<ChallengeRequest, 'scene'>;
      try {
        if (params !== undefined && !isRecord(params)) throw invalidArgument('params', 'an object', params, 'captcha');
        request = readRecord('params', params, 'captcha', {});
      } catch (error) {
        return Promise.reject(error);
      }
      if (disposed) return Promise.resolve(disposedResult());
      const pending = running.get(scene);
      if (pending) return pending.result;
      try {
        return start(scene, request);
      } catch (error) {
        // A locale provider that throws, for instance: the call fails typed, nothing is left running.
        running.delete(scene);
        publish();
        return Promise.resolve<CaptchaResult>({
          status: 'failed',
          error: typedCaptchaError(error, 'CAPTCHA_FLOW_FAILED', 'the captcha flow could not start'),
        });
      }
    },
    flowOf: (scene) => running.get(scene)?.actor,
    flows$: guardedStream('captcha.flows$', flows$, options.errors),
    dispose() {
      // Stryker disable next-line ConditionalExpression: a second dispose finds no flow and a completed flows$, which ignores the rest
      if (disposed) return;
      disposed = true;
      for (const { actor } of [...running.values()]) actor.stop();
      running.clear();
      flows$.next(new Map());
      flows$.complete();
    },
  };
}

import type { CaptchaHttp } from '../../core/captcha/api.js';
import type { ApiEnvelope } from '../../core/http/request-context.js';
import type { HttpParams } from '../../core/http/types.js';

export interface RecordedCall {
  path: string;
  params: Record<string, unknown> | undefined;
}

/** A CaptchaHttp answering from a script per path, recording every call (for machine-level tests). */
export function scriptedCaptchaHttp(answers: Record<string, (params: Record<string, unknown> | undefined) => unknown>) {
  const calls: RecordedCall[] = [];
  const http: CaptchaHttp = {
    async post<T>(path: string, params?: HttpParams) {
      const plain = params instanceof FormData ? undefined : (params as Record<string, unknown> | undefined);
      calls.push({ path, params: plain });
      const answer = answers[path];
      if (!answer) throw new Error(`no scripted answer for ${path}`);
      return (await answer(plain)) as ApiEnvelope<T>;
    },
  };
  return { http, calls };
}

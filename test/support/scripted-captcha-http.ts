import type { CaptchaHttp } from '../../core/captcha/api.js';

export interface RecordedCall {
  path: string;
  params: Record<string, unknown> | undefined;
}

/** A CaptchaHttp answering from a script per path, recording every call (for machine-level tests). */
export function scriptedCaptchaHttp(answers: Record<string, (params: Record<string, unknown> | undefined) => unknown>) {
  const calls: RecordedCall[] = [];
  const http: CaptchaHttp = {
    async post<T>(path: string, params?: Record<string, unknown>) {
      calls.push({ path, params });
      const answer = answers[path];
      if (!answer) throw new Error(`no scripted answer for ${path}`);
      return (await answer(params)) as { code?: unknown; data?: T; msg?: unknown };
    },
  };
  return { http, calls };
}

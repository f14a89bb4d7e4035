import { isolated, ltr } from '../isolate.js';
import { section } from '../text-types.js';

/** How a server call ended, in words. */
export const outcomeView = section(
  {
    pending: 'Sending…',
    succeeded: 'Succeeded.',
    refused: (message: string, code: string) => `Refused by the server: ${message} (code ${code}).`,
    noReason: 'no reason given',
    captchaClosed: 'Not sent: the captcha was closed without verification.',
    failed: 'Failed:',
    answered: 'What the server answered',
  },
  {
    pending: 'جارٍ الإرسال…',
    succeeded: 'تمّ بنجاح.',
    refused: (message: string, code: string) => `رفضه الخادم: ${isolated(message)} (الرمز ${ltr(code)}).`,
    noReason: 'دون ذكر السبب',
    captchaClosed: 'لم يُرسَل: أُغلق اختبار التحقق قبل إتمامه.',
    failed: 'فشل:',
    answered: 'ما أجاب به الخادم',
  },
);

import { section } from '../text-types.js';

/** Left-to-right isolate (LRI … PDI): the plain-text <bdi dir="ltr">, for an address inside an Arabic sentence. */
const ltr = (text: string) => `\u2066${text}\u2069`;

/** What the demo forms say under a field that needs fixing. */
export const forms = section(
  {
    emailMissing: 'Enter your e-mail.',
    emailShape: 'Enter an e-mail address like name@example.com.',
    passwordMissing: 'Enter your password.',
    codeMissing: 'Enter the code we e-mailed you.',
    codeShape: 'The code is 6 digits.',
    passwordChoose: 'Choose a password.',
    passwordShort: 'Use at least 8 characters.',
    repeatMissing: 'Repeat the password.',
    repeatDiffers: 'The passwords do not match.',
  },
  {
    emailMissing: 'أدخل بريدك الإلكتروني.',
    emailShape: `أدخل عنوان بريد إلكتروني مثل ${ltr('name@example.com')}.`,
    passwordMissing: 'أدخل كلمة المرور.',
    codeMissing: 'أدخل الرمز الذي أرسلناه إلى بريدك الإلكتروني.',
    codeShape: 'يتكوّن الرمز من 6 أرقام.',
    passwordChoose: 'اختر كلمة مرور.',
    passwordShort: 'استخدم 8 أحرف على الأقل.',
    repeatMissing: 'أعد إدخال كلمة المرور.',
    repeatDiffers: 'كلمتا المرور غير متطابقتين.',
  },
);

import { ltr } from '../isolate.js';
import { section } from '../text-types.js';

/** The robot check: the two captcha flows' states and the test widget. */
export const captchaPanel = section(
  {
    heading: 'Robot check',
    loginFlow: 'login flow',
    registerFlow: 'register flow',
    widgetLabel: 'Captcha',
    widget: (language: string, id: string) => `Test widget (language ${language}, id ${id})`,
    solve: 'Slide to verify',
    close: 'Close',
    waiting: 'The widget appears here when the server asks for a challenge.',
  },
  {
    heading: 'التحقق من أنك لست روبوتًا',
    loginFlow: 'مسار تسجيل الدخول',
    registerFlow: 'مسار التسجيل',
    widgetLabel: 'اختبار التحقق',
    widget: (language: string, id: string) => `أداة اختبار (اللغة ${ltr(language)}، المعرِّف ${ltr(id)})`,
    solve: 'اسحب للتحقق',
    close: 'إغلاق',
    waiting: 'تظهر الأداة هنا عندما يطلب الخادم اختبار تحقق.',
  },
);

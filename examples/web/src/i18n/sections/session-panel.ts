import { section } from '../text-types.js';

/** The session panel: who is logged in, whether the next login goes out encrypted and why not. */
export const sessionPanel = section(
  {
    heading: 'Session',
    loggedIn: 'logged in',
    yesUser: 'yes, user',
    no: 'no',
    nextLogin: 'next login',
    encrypted: 'encrypted',
    unencrypted: 'sent unencrypted',
    why: {
      'signing-not-ready':
        'Signing init has not finished (no verified server key or client key pair yet), so a login now would go out in clear.',
      'client-open-off': "The server's sign config has client-open off: logins are sent without encryption.",
      'session-exists':
        'You are logged in: a session token and the key pair bound to it exist, and the exchange sends login calls in clear then (the session is already proven). Log out to send the next login encrypted.',
    },
    logout: 'Log out',
  },
  {
    heading: 'الجلسة',
    loggedIn: 'مسجَّل الدخول',
    yesUser: 'نعم، المستخدم',
    no: 'لا',
    nextLogin: 'تسجيل الدخول التالي',
    encrypted: 'مشفَّر',
    unencrypted: 'يُرسَل دون تشفير',
    why: {
      'signing-not-ready':
        'لم تكتمل تهيئة التوقيع بعد (لا يوجد مفتاح خادم متحقَّق منه ولا زوج مفاتيح للعميل)، لذا سيُرسَل تسجيل الدخول الآن دون تشفير.',
      'client-open-off': 'إعداد التوقيع لدى الخادم أوقف خيار client-open: تُرسَل طلبات تسجيل الدخول دون تشفير.',
      'session-exists':
        'أنت مسجَّل الدخول: يوجد رمز جلسة وزوج المفاتيح المرتبط به، وعندها ترسل المنصة طلبات تسجيل الدخول دون تشفير (فالجلسة مثبتة بالفعل). سجِّل الخروج ليُرسَل تسجيل الدخول التالي مشفَّرًا.',
    },
    logout: 'تسجيل الخروج',
  },
);

import { section } from '../text-types.js';

/** The registration form: its heading, the label of each field, and its button. */
export const registerForm = section(
  {
    heading: 'Register',
    email: 'E-mail',
    emailCode: 'E-mail code (6 digits)',
    password: 'Password (8 or more characters)',
    repeatPassword: 'Repeat password',
    submit: 'Register',
  },
  {
    heading: 'إنشاء حساب',
    email: 'البريد الإلكتروني',
    emailCode: 'رمز التحقق المرسَل إلى بريدك (6 أرقام)',
    password: 'كلمة المرور (8 أحرف أو أكثر)',
    repeatPassword: 'أعد إدخال كلمة المرور',
    submit: 'إنشاء الحساب',
  },
);

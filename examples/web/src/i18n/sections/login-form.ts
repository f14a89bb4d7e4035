import { section } from '../text-types.js';

/** The login form: its heading, fields and button, and who is logged in once it steps aside. */
export const loginForm = section(
  {
    heading: 'Log in',
    email: 'E-mail',
    password: 'Password',
    submit: 'Log in',
    loggedInAs: (email: string, user: string) => `You are logged in as ${email} (user ${user}).`,
    again: 'Log in again',
  },
  {
    heading: 'تسجيل الدخول',
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    submit: 'تسجيل الدخول',
    loggedInAs: (email: string, user: string) => `أنت مسجَّل الدخول بالحساب ${email} (المستخدم ${user}).`,
    again: 'سجِّل الدخول مجددًا',
  },
);

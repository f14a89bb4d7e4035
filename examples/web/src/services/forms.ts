// Field rules of the demo forms: what a visitor must fix before a form is sent. Each rule answers with the
// message shown under the field, in the visitor's language (the catalogue's `forms` section), or leaves the
// field out when its value is fine.
import type { Texts } from '../i18n/catalogue.js';

/** The messages the rules answer with: the catalogue's `forms` section in one language. */
export type FormTexts = Texts['forms'];

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

// A practical e-mail shape (something@host.tld), as browsers' type=email checks it; the server has the last word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The e-mail code the gateway's test flow sends: six digits. */
const EMAIL_CODE = /^\d{6}$/;

// Digits a phone keyboard or an input method may type: full-width (U+FF10–U+FF19, CJK IMEs), Arabic-Indic
// (U+0660–U+0669) and Extended Arabic-Indic (U+06F0–U+06F9, Persian and Urdu keyboards). Each block runs 0 to 9.
const DIGIT_ZEROS = [0xff10, 0x0660, 0x06f0];

/** `text` with every full-width or Arabic-Indic digit written as its ASCII digit; other characters unchanged. */
export function asciiDigits(text: string): string {
  return text.replace(/[\uff10-\uff19\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9)!;
    return String(code - zero);
  });
}

/** The login form's problems: an e-mail and a password are both needed. */
export function loginErrors(form: { loginName: string; pwd: string }, t: FormTexts): FieldErrors<'loginName' | 'pwd'> {
  const errors: FieldErrors<'loginName' | 'pwd'> = {};
  if (form.loginName.trim() === '') errors.loginName = t.emailMissing;
  else if (!EMAIL.test(form.loginName.trim())) errors.loginName = t.emailShape;
  if (form.pwd === '') errors.pwd = t.passwordMissing;
  return errors;
}

/** The register form's problems: e-mail, a six-digit code, a password of 8 or more characters, repeated exactly. */
export function registerErrors(
  form: {
    email: string;
    emailCode: string;
    pwd: string;
    rePwd: string;
  },
  t: FormTexts,
): FieldErrors<'email' | 'emailCode' | 'pwd' | 'rePwd'> {
  const errors: FieldErrors<'email' | 'emailCode' | 'pwd' | 'rePwd'> = {};
  if (form.email.trim() === '') errors.email = t.emailMissing;
  else if (!EMAIL.test(form.email.trim())) errors.email = t.emailShape;
  if (form.emailCode.trim() === '') errors.emailCode = t.codeMissing;
  else if (!EMAIL_CODE.test(asciiDigits(form.emailCode.trim()))) errors.emailCode = t.codeShape;
  if (form.pwd === '') errors.pwd = t.passwordChoose;
  else if (form.pwd.length < 8) errors.pwd = t.passwordShort;
  if (form.rePwd === '') errors.rePwd = t.repeatMissing;
  else if (form.rePwd !== form.pwd) errors.rePwd = t.repeatDiffers;
  return errors;
}

/** Whether a form has no problem left. */
export const isValid = (errors: object): boolean => Object.keys(errors).length === 0;

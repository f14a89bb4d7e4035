// Field rules of the demo forms: what a visitor must fix before a form is sent. Each rule answers with the
// message shown under the field, or undefined when the value is fine.

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
export function loginErrors(form: { loginName: string; pwd: string }): FieldErrors<'loginName' | 'pwd'> {
  const errors: FieldErrors<'loginName' | 'pwd'> = {};
  if (form.loginName.trim() === '') errors.loginName = 'Enter your e-mail.';
  else if (!EMAIL.test(form.loginName.trim())) errors.loginName = 'Enter an e-mail address like name@example.com.';
  if (form.pwd === '') errors.pwd = 'Enter your password.';
  return errors;
}

/** The register form's problems: e-mail, a six-digit code, a password of 8 or more characters, repeated exactly. */
export function registerErrors(form: {
  email: string;
  emailCode: string;
  pwd: string;
  rePwd: string;
}): FieldErrors<'email' | 'emailCode' | 'pwd' | 'rePwd'> {
  const errors: FieldErrors<'email' | 'emailCode' | 'pwd' | 'rePwd'> = {};
  if (form.email.trim() === '') errors.email = 'Enter your e-mail.';
  else if (!EMAIL.test(form.email.trim())) errors.email = 'Enter an e-mail address like name@example.com.';
  if (form.emailCode.trim() === '') errors.emailCode = 'Enter the code we e-mailed you.';
  else if (!EMAIL_CODE.test(asciiDigits(form.emailCode.trim()))) errors.emailCode = 'The code is 6 digits.';
  if (form.pwd === '') errors.pwd = 'Choose a password.';
  else if (form.pwd.length < 8) errors.pwd = 'Use at least 8 characters.';
  if (form.rePwd === '') errors.rePwd = 'Repeat the password.';
  else if (form.rePwd !== form.pwd) errors.rePwd = 'The passwords do not match.';
  return errors;
}

/** Whether a form has no problem left. */
export const isValid = (errors: object): boolean => Object.keys(errors).length === 0;

import { section } from '../text-types.js';

/** Why the bridge skipped a command (services/in-app.ts skippedText): the skip code, then what it means here. */
export const inApp = section(
  {
    /** The reason code stays as it is (data); the sentence around it is translated. */
    skipped: (reason: string, why: string) => `skipped: ${reason} (${why})`,
    why: {
      'not-in-app': 'outside the app nothing is sent',
      'below-minimum-version': (appVersion: string, minimumVersion: string) => `app ${appVersion} is older than ${minimumVersion}`,
      'not-on-android': 'the Android app has no such command',
      other: (minimumVersion: string) => `needs app ${minimumVersion}`,
    },
    versionUnknown: 'version unknown',
  },
  {
    // The code is isolated left to right (U+2066 … U+2069) so it keeps its order inside the Arabic sentence.
    skipped: (reason: string, why: string) => `تم التخطي: \u2066${reason}\u2069 (${why})`,
    why: {
      'not-in-app': 'خارج التطبيق لا يُرسل شيء',
      'below-minimum-version': (appVersion: string, minimumVersion: string) => `إصدار التطبيق ${appVersion} أقدم من ${minimumVersion}`,
      'not-on-android': 'تطبيق أندرويد لا يحتوي على هذا الأمر',
      other: (minimumVersion: string) => `يتطلب إصدار التطبيق ${minimumVersion}`,
    },
    versionUnknown: '(غير معروف)',
  },
);

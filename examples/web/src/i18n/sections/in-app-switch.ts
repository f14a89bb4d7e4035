import { section } from '../text-types.js';

/** The "inside the app" switch: platform, app version, and what the bridge detected. */
export const inAppSwitch = section(
  {
    heading: 'Inside the app',
    run: 'Run inside the native app (simulated)',
    platform: 'Platform',
    appVersion: 'App version',
    facts: { bridge: 'bridge', detected: 'detected', appVersion: 'app version' },
    inApp: (os: string, appVersion: string) => `in app (${os} host, app ${appVersion})`,
    versionUnknown: 'version unknown',
    notInApp: 'not in app',
  },
  {
    heading: 'داخل التطبيق',
    run: 'التشغيل داخل التطبيق الأصلي (محاكاة)',
    platform: 'المنصة',
    appVersion: 'إصدار التطبيق',
    facts: { bridge: 'الجسر', detected: 'المكتشف', appVersion: 'إصدار التطبيق' },
    inApp: (os: string, appVersion: string) => `داخل التطبيق (مضيف ${os}، إصدار التطبيق ${appVersion})`,
    versionUnknown: 'غير معروف',
    notInApp: 'خارج التطبيق',
  },
);

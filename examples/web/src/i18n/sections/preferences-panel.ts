import { ltr } from '../isolate.js';
import { section } from '../text-types.js';

/** The preferences cookie: display currency and theme. */
export const preferencesPanel = section(
  {
    heading: 'Preferences',
    currency: 'Display currency',
    unitEffect: (code: string, symbol: string, rateKey: string) =>
      `Fiat estimates (balances, order values) show in ${code} (${symbol}), converted with the server's ${rateKey} rate.`,
    unitOnly: (unit: string) => `Fiat estimates show in ${unit}.`,
    lightTheme: 'Switch to the light theme',
    darkTheme: 'Switch to the dark theme',
    reset: 'Reset preferences',
    stored: 'The preferences cookie as stored',
  },
  {
    heading: 'التفضيلات',
    currency: 'عملة العرض',
    unitEffect: (code: string, symbol: string, rateKey: string) =>
      `تظهر التقديرات بالعملة الورقية (الأرصدة وقيم الأوامر) بعملة ${ltr(code)} (${ltr(symbol)})، محوَّلةً بسعر ${ltr(rateKey)} من الخادم.`,
    unitOnly: (unit: string) => `تظهر التقديرات بالعملة الورقية بعملة ${ltr(unit)}.`,
    lightTheme: 'التبديل إلى السمة الفاتحة',
    darkTheme: 'التبديل إلى السمة الداكنة',
    reset: 'إعادة ضبط التفضيلات',
    stored: 'ملف تعريف ارتباط التفضيلات كما هو مخزَّن',
  },
);

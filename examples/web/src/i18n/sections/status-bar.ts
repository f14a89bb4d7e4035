import { section } from '../text-types.js';

/** The status bar: where the page runs, the trading mode and the signing state. */
export const statusBar = section(
  {
    inApp: 'in app',
    web: 'web browser',
    simulation: 'Simulation trading',
    live: 'Live trading',
    backToLive: 'Back to live trading',
    signing: 'signing:',
  },
  {
    inApp: 'داخل التطبيق',
    web: 'متصفح الويب',
    simulation: 'تداول تجريبي',
    live: 'تداول حقيقي',
    backToLive: 'العودة إلى التداول الحقيقي',
    signing: 'التوقيع:',
  },
);

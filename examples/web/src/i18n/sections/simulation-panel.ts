import { section } from '../text-types.js';

/** Simulation (paper) trading: on or off, the way in and out, and the pages it allows. */
export const simulationPanel = section(
  {
    heading: 'Simulation trading',
    on: 'On: pages off the allowed list redirect to the simulation spot page.',
    off: 'Off.',
    backToLive: 'Back to live trading',
    tryIt: 'Try simulation trading',
    allowedPaths: (count: number) => `${count} allowed paths`,
  },
  {
    heading: 'التداول التجريبي',
    on: 'مُفعَّل: الصفحات الخارجة عن القائمة المسموح بها تُحوَّل إلى صفحة التداول الفوري التجريبي.',
    off: 'متوقِّف.',
    backToLive: 'العودة إلى التداول الحقيقي',
    tryIt: 'جرِّب التداول التجريبي',
    allowedPaths: (count: number) => `المسارات المسموح بها: ${count}`,
  },
);

import { section } from '../text-types.js';

/** A request sent to the app through the bridge: pending, answered, cancelled. */
export const appRequestOutcome = section(
  {
    pending: 'pending…',
    cancel: 'cancel',
    answered: 'answered',
    cancelled: 'cancelled',
  },
  {
    pending: 'قيد الانتظار…',
    cancel: 'إلغاء',
    answered: 'الرد:',
    cancelled: 'أُلغي',
  },
);

import { section } from '../text-types.js';

/** The loading overlay demo. The state is the machine's state name (data), shown as it is. */
export const loadingDemo = section(
  {
    heading: 'Loading overlay',
    state: (state: string) => `State: ${state}`,
    overlay: 'Loading balances…',
    start: 'Load for 2 s',
  },
  {
    heading: 'طبقة التحميل',
    state: (state: string) => `الحالة: ${state}`,
    overlay: 'جارٍ تحميل الأرصدة…',
    start: 'حمّل لمدة ثانيتين',
  },
);

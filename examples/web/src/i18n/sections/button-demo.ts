import { section } from '../text-types.js';

/** The shared-button demo. The state is the machine's regions (data), shown as they are. */
export const buttonDemo = section(
  {
    heading: 'Button',
    placing: 'Placing order…',
    place: 'Place order',
    status: (state: string, clicks: string) => `State: ${state} · clicks counted: ${clicks}`,
    loading: 'Loading',
    disabled: 'Disabled',
  },
  {
    heading: 'الزر',
    placing: 'جارٍ تقديم الأمر…',
    place: 'قدّم الأمر',
    status: (state: string, clicks: string) => `الحالة: ${state} · النقرات المحتسبة: ${clicks}`,
    loading: 'قيد التحميل',
    disabled: 'معطّل',
  },
);

import { section } from '../text-types.js';

/** The failing-page demo: what it explains, its button, and the message of the error it throws. */
export const failureDemo = section(
  {
    heading: 'When a page fails',
    explain:
      'Each page has its own error boundary: a rendering error replaces the page with what failed and a way back, while the nav and status bar keep working.',
    break: 'Break this page',
    error: 'demo: a value this page cannot show',
  },
  {
    heading: 'عندما تتعطل صفحة',
    explain: 'لكل صفحة حاجز أخطاء خاص بها: خطأ العرض يستبدل الصفحة بما تعطل وبطريق للعودة، بينما يستمر شريط التنقل وشريط الحالة في العمل.',
    break: 'عطّل هذه الصفحة',
    error: 'عرض توضيحي: قيمة لا تستطيع هذه الصفحة عرضها',
  },
);

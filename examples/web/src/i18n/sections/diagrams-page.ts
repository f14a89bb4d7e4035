import { ltr } from '../isolate.js';
import { section } from '../text-types.js';

/** The diagrams page's introduction; the component and module names are its values. */
export const diagramsPage = section(
  {
    intro: (component: string, module: string, docs: string) =>
      `Every running actor of this app, in ${component} from ${module}: the state diagram of ${docs} with the current state highlighted, the events it received with the transitions they took and what they changed, and the events its current state accepts, to send by hand. Actors that pages create (the button, the dialog, a bridge request) appear once you have used them. Drag or use the arrow keys to pan; ctrl + wheel, pinch, + and − zoom; 0 fits the width.`,
  },
  {
    intro: (component: string, module: string, docs: string) =>
      `كل آلة حالة تعمل في هذا التطبيق، معروضة في ${component} من ${module}: مخطط الحالات من ${docs} مع إبراز الحالة الحالية، والأحداث التي استقبلتها مع الانتقالات التي سلكتها وما غيّرته، والأحداث التي تقبلها حالتها الحالية لإرسالها يدويًا. تظهر الآلات التي تنشئها الصفحات (الزر ومربع الحوار وطلب الجسر) بعد أن تستخدمها. اسحب أو استخدم مفاتيح الأسهم للتحريك؛ وللتكبير والتصغير ${ltr('Ctrl')} مع العجلة أو القرص بإصبعين أو + و−؛ والمفتاح 0 يملأ العرض.`,
  },
);

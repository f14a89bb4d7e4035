import { INSPECTOR_TEXTS } from 'exkit/inspector';
import type { InspectorTexts } from 'exkit/inspector';
import { isolated, ltr } from '../isolate.js';
import { section } from '../text-types.js';

/** An actor's status ('done', 'stopped', …) in Arabic; one the inspector adds later is shown as it is. */
const STATUS: Readonly<Record<string, string>> = {
  active: 'نشط',
  done: 'منتهٍ',
  error: 'متوقف بخطأ',
  stopped: 'متوقف',
  unknown: 'غير معروف الحالة',
};
const status = (value: string): string => (Object.hasOwn(STATUS, value) ? STATUS[value]! : isolated(value));

/** The machine inspector's own texts in Arabic: every key of the library's `InspectorTexts`. */
const INSPECTOR_ARABIC = {
  runningActors: 'الفاعلون قيد التشغيل',
  actor: 'الفاعل',
  noActors: 'لا يوجد فاعلون قيد التشغيل لعرضهم.',
  statusPrefix: (value: string) => `${status(value)}: `,
  panelLabel: (name: string) => `فحص ${isolated(name)}`,
  nowIn: 'الحالة الآن: ',
  statusIn: (value: string) => `${status(value)}، وآخر حالة له: `,
  stateSeparator: ' و',
  diagramFailed: (message: string) => `تعذّر إعداد المخطط: ${isolated(message)}`,
  renderFailed: (message: string) => `تعذّر على ${isolated('Mermaid')} رسم المخطط: ${isolated(message)}`,
  noDiagram: 'لا يشغّل هذا الفاعل آلة حالة، لذا لا يوجد له مخطط.',
  drawing: 'جارٍ رسم المخطط…',
  diagramLabel: (name: string) => `مخطط حالات ${isolated(name)}`,
  sendAnEvent: 'إرسال حدث',
  acceptedEvents: 'الأحداث التي تقبلها الحالة الحالية',
  sendEvent: (type: string) => `إرسال ${isolated(type)}`,
  sendGuardedEvent: (type: string) => `إرسال ${isolated(type)} (يرفضه شرط حارس دون حقول إضافية)`,
  extraFields: `حقول إضافية (كائن ${isolated('JSON')}، اختياري)`,
  notAnObject: `يجب أن تكون الحقول الإضافية كائن ${isolated('JSON')}، مثل ${isolated('{"zIndex": 3}')}.`,
  notJson: (message: string) => `الحقول الإضافية ليست ${isolated('JSON')} صالحًا: ${isolated(message)}`,
  actorThrew: (type: string, message: string) => `أطلق الفاعل خطأً عند الحدث ${isolated(type)}: ${isolated(message)}`,
  guardNote: 'الأزرار ذات الإطار المتقطع: يرفض شرط حارس الحدث المجرد الآن، وقد يقبله مع الحقول الإضافية المناسبة.',
  acceptsNone: 'لا تقبل الحالة الحالية أي حدث.',
  statusAcceptsNone: (value: string) => `الفاعل ${status(value)}؛ فلا يقبل أي حدث.`,
  eventsReceived: (count: number) => `الأحداث المستلمة (${count})`,
  clear: 'مسح',
  noInspectionApi: 'لا يوفّر هذا الفاعل واجهة فحص: تُسجَّل تغييراته، أما الأحداث التي سببتها فغير معروفة.',
  logLabel: (name: string) => `الأحداث التي استلمها ${isolated(name)}، الأحدث أولًا`,
  noEvents: 'لا أحداث بعد منذ بدأت أداة الفحص المراقبة.',
  transitions: 'الانتقالات',
  machine: '(الآلة)',
  stays: '(تبقى كما هي)',
  noTransition: 'لم يُسلك أي انتقال',
  contextChanges: 'تغييرات السياق',
  context: '(السياق)',
  moreChanges: '… وتغييرات أخرى غير معروضة',
  zoomToolbar: (label: string) => `تكبير وتصغير ${label}`,
  zoomOut: 'تصغير',
  zoomOutTitle: 'تصغير (−)',
  zoomIn: 'تكبير',
  zoomInTitle: 'تكبير (+)',
  liveState: 'الحالة الحالية',
  liveStateTitle: 'العرض الأول: مقروء، ومركَّز على الحالة الحالية',
  fitWidth: 'ملء العرض',
  fitWidthTitle: 'ملاءمة العرض (0)',
  actualSizeTitle: 'الحجم الفعلي (1)',
  frameLabel: (label: string) =>
    `${label}. اسحب أو استخدم مفاتيح الأسهم للتحريك؛ والمفتاحان + و− للتكبير والتصغير، والمفتاح 0 لملء العرض. انقر انتقالًا لإرسال حدثه.`,
  frameRole: 'مخطط',
} satisfies InspectorTexts;

/** The diagrams page's introduction (the component and module names are its values) and the inspector's texts. */
export const diagramsPage = section(
  {
    inspector: { ...INSPECTOR_TEXTS },
    intro: (component: string, module: string, docs: string) =>
      `Every running actor of this app, in ${component} from ${module}: the state diagram of ${docs} with the current state highlighted, the events it received with the transitions they took and what they changed, and the events its current state accepts, to send by hand. Actors that pages create (the button, the dialog, a bridge request) appear once you have used them. Drag or use the arrow keys to pan; ctrl + wheel, pinch, + and − zoom; 0 fits the width.`,
  },
  {
    inspector: INSPECTOR_ARABIC,
    intro: (component: string, module: string, docs: string) =>
      `كل آلة حالة تعمل في هذا التطبيق، معروضة في ${component} من ${module}: مخطط الحالات من ${docs} مع إبراز الحالة الحالية، والأحداث التي استقبلتها مع الانتقالات التي سلكتها وما غيّرته، والأحداث التي تقبلها حالتها الحالية لإرسالها يدويًا. تظهر الآلات التي تنشئها الصفحات (الزر ومربع الحوار وطلب الجسر) بعد أن تستخدمها. اسحب أو استخدم مفاتيح الأسهم للتحريك؛ وللتكبير والتصغير ${ltr('Ctrl')} مع العجلة أو القرص بإصبعين أو + و−؛ والمفتاح 0 يملأ العرض.`,
  },
);

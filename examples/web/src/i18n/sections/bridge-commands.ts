import { section } from '../text-types.js';

/** The bridge commands table: its legend, column names, and each command's last result. */
export const bridgeCommands = section(
  {
    heading: 'Bridge commands',
    /** `requestAction`, `useBridgeRequest`, and the two version-source marks are the values. */
    legend: (requestAction: string, hook: string, seed: string, chosen: string) =>
      `${requestAction} runs through the bridge-request machine (${hook}); the others go through the bridge directly. Each command is sent with a sample payload. Minimum versions marked ${seed} come from the specification; ${chosen} marks commands it gives no version for, where we chose the lowest release.`,
    columns: { command: 'command', minVersion: 'min version', here: 'here', tryIt: 'try it', result: 'result' },
    pending: 'pending…',
    /** The answer's data is JSON (data, shown as it comes). */
    answered: (data: string) => `answered ${data}`,
    status: { sent: 'sent', fallback: 'fallback' },
  },
  {
    heading: 'أوامر الجسر',
    legend: (requestAction: string, hook: string, seed: string, chosen: string) =>
      `يمر الأمر ${requestAction} عبر آلة طلبات الجسر (${hook})، وتمر بقية الأوامر عبر الجسر مباشرةً. يُرسل كل أمر مع حمولة نموذجية. الإصدارات الدنيا المعلَّمة ${seed} مأخوذة من المواصفات، والمعلَّمة ${chosen} تخص أوامر لا تحدد لها المواصفات إصدارًا، فاخترنا لها أقدم إصدار.`,
    columns: { command: 'الأمر', minVersion: 'الحد الأدنى للإصدار', here: 'هنا', tryIt: 'جرّبه', result: 'النتيجة' },
    pending: 'قيد الانتظار…',
    answered: (data: string) => `تمت الإجابة ${data}`,
    status: { sent: 'أُرسل', fallback: 'بديل محلي' },
  },
);

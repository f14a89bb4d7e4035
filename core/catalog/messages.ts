import { deepFreeze } from './freeze.js';
import { DEFAULT_LOCALE } from './languages.js';
import { expectString, invalidArgument } from '../validate/describe-value.js';

/**
 * Keys of the per-language request messages (spec §B8, §S8), plus the network-error
 * text of code -1 (spec §B8), the default error message, the QR-code labels (spec §S2) and
 * the default prompt text (spec §S8).
 */
export type MessageKey =
  | 'tip'
  | 'timeout'
  | 'expired'
  | 'loginvalid'
  | 'unknow'
  | 'notfound'
  | 'forbidden'
  | 'networkError'
  | 'unknownError'
  | 'qrExpired'
  | 'qrRefresh'
  | 'invalidData';

/** Every text of one language, one per message key. */
export type MessageTexts = Readonly<Record<MessageKey, string>>;

// Spec §B8 and §S2, §S8: the English wording, verbatim; the fallback of every lookup.
const english: MessageTexts = {
  tip: 'Tip',
  timeout: 'Request timed out!',
  expired: 'Login expired, please log in again',
  loginvalid: 'Please login to visit',
  unknow: 'The system is busy',
  notfound: 'Request error',
  forbidden: 'Request is forbidden',
  networkError: 'Network error. Try again later.',
  unknownError: 'unknown error',
  qrExpired: 'QR code expired',
  qrRefresh: 'Refresh',
  invalidData: 'invalid data',
};

// The translations below are this package's own (docs/catalogues.md); the seeds give English only.
const simplifiedChinese: MessageTexts = {
  tip: '提示',
  timeout: '请求超时！',
  expired: '登录已过期，请重新登录',
  loginvalid: '请登录后访问',
  unknow: '系统繁忙',
  notfound: '请求错误',
  forbidden: '请求被禁止',
  networkError: '网络错误，请稍后重试。',
  unknownError: '未知错误',
  qrExpired: '二维码已过期',
  qrRefresh: '刷新',
  invalidData: '无效数据',
};

const traditionalChinese: MessageTexts = {
  tip: '提示',
  timeout: '請求逾時！',
  expired: '登入已過期，請重新登入',
  loginvalid: '請登入後訪問',
  unknow: '系統繁忙',
  notfound: '請求錯誤',
  forbidden: '請求被禁止',
  networkError: '網路錯誤，請稍後再試。',
  unknownError: '未知錯誤',
  qrExpired: 'QR 碼已過期',
  qrRefresh: '重新整理',
  invalidData: '無效資料',
};

const japanese: MessageTexts = {
  tip: 'ヒント',
  timeout: 'リクエストがタイムアウトしました！',
  expired: 'ログインの有効期限が切れました。再度ログインしてください',
  loginvalid: 'ログインしてからアクセスしてください',
  unknow: 'システムが混み合っています',
  notfound: 'リクエストエラー',
  forbidden: 'リクエストは禁止されています',
  networkError: 'ネットワークエラーです。しばらくしてから再度お試しください。',
  unknownError: '不明なエラー',
  qrExpired: 'QRコードの有効期限が切れました',
  qrRefresh: '更新',
  invalidData: '無効なデータ',
};

const vietnamese: MessageTexts = {
  tip: 'Gợi ý',
  timeout: 'Yêu cầu đã hết thời gian chờ!',
  expired: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại',
  loginvalid: 'Vui lòng đăng nhập để truy cập',
  unknow: 'Hệ thống đang bận',
  notfound: 'Lỗi yêu cầu',
  forbidden: 'Yêu cầu bị từ chối',
  networkError: 'Lỗi mạng. Vui lòng thử lại sau.',
  unknownError: 'Lỗi không xác định',
  qrExpired: 'Mã QR đã hết hạn',
  qrRefresh: 'Làm mới',
  invalidData: 'Dữ liệu không hợp lệ',
};

const russian: MessageTexts = {
  tip: 'Подсказка',
  timeout: 'Время ожидания запроса истекло!',
  expired: 'Сеанс истёк, пожалуйста, войдите снова',
  loginvalid: 'Пожалуйста, войдите, чтобы продолжить',
  unknow: 'Система занята',
  notfound: 'Ошибка запроса',
  forbidden: 'Запрос запрещён',
  networkError: 'Ошибка сети. Повторите попытку позже.',
  unknownError: 'Неизвестная ошибка',
  qrExpired: 'Срок действия QR-кода истёк',
  qrRefresh: 'Обновить',
  invalidData: 'Недопустимые данные',
};

const spanish: MessageTexts = {
  tip: 'Aviso',
  timeout: '¡Se agotó el tiempo de espera de la solicitud!',
  expired: 'La sesión ha caducado, vuelve a iniciar sesión',
  loginvalid: 'Inicia sesión para acceder',
  unknow: 'El sistema está ocupado',
  notfound: 'Error en la solicitud',
  forbidden: 'La solicitud está prohibida',
  networkError: 'Error de red. Inténtalo de nuevo más tarde.',
  unknownError: 'Error desconocido',
  qrExpired: 'El código QR ha caducado',
  qrRefresh: 'Actualizar',
  invalidData: 'Datos no válidos',
};

const turkish: MessageTexts = {
  tip: 'İpucu',
  timeout: 'İstek zaman aşımına uğradı!',
  expired: 'Oturumunuzun süresi doldu, lütfen tekrar giriş yapın',
  loginvalid: 'Erişmek için lütfen giriş yapın',
  unknow: 'Sistem meşgul',
  notfound: 'İstek hatası',
  forbidden: 'İstek yasaklandı',
  networkError: 'Ağ hatası. Lütfen daha sonra tekrar deneyin.',
  unknownError: 'Bilinmeyen hata',
  qrExpired: 'QR kodunun süresi doldu',
  qrRefresh: 'Yenile',
  invalidData: 'Geçersiz veri',
};

const italian: MessageTexts = {
  tip: 'Avviso',
  timeout: 'Richiesta scaduta!',
  expired: "Sessione scaduta, effettua di nuovo l'accesso",
  loginvalid: "Effettua l'accesso per continuare",
  unknow: 'Il sistema è occupato',
  notfound: 'Errore nella richiesta',
  forbidden: 'Richiesta non consentita',
  networkError: 'Errore di rete. Riprova più tardi.',
  unknownError: 'Errore sconosciuto',
  qrExpired: 'Codice QR scaduto',
  qrRefresh: 'Aggiorna',
  invalidData: 'Dati non validi',
};

const french: MessageTexts = {
  tip: 'Remarque',
  timeout: 'La requête a expiré !',
  expired: 'Session expirée, veuillez vous reconnecter',
  loginvalid: 'Veuillez vous connecter pour continuer',
  unknow: 'Le système est occupé',
  notfound: 'Erreur de requête',
  forbidden: 'Requête interdite',
  networkError: 'Erreur réseau. Réessayez plus tard.',
  unknownError: 'Erreur inconnue',
  qrExpired: 'Code QR expiré',
  qrRefresh: 'Actualiser',
  invalidData: 'Données non valides',
};

const german: MessageTexts = {
  tip: 'Hinweis',
  timeout: 'Zeitüberschreitung der Anfrage!',
  expired: 'Anmeldung abgelaufen, bitte melden Sie sich erneut an',
  loginvalid: 'Bitte melden Sie sich an, um fortzufahren',
  unknow: 'Das System ist ausgelastet',
  notfound: 'Anfragefehler',
  forbidden: 'Anfrage nicht erlaubt',
  networkError: 'Netzwerkfehler. Bitte versuchen Sie es später erneut.',
  unknownError: 'Unbekannter Fehler',
  qrExpired: 'QR-Code abgelaufen',
  qrRefresh: 'Aktualisieren',
  invalidData: 'Ungültige Daten',
};

const brazilianPortuguese: MessageTexts = {
  tip: 'Aviso',
  timeout: 'A solicitação expirou!',
  expired: 'Login expirado, faça login novamente',
  loginvalid: 'Faça login para acessar',
  unknow: 'O sistema está ocupado',
  notfound: 'Erro na solicitação',
  forbidden: 'Solicitação proibida',
  networkError: 'Erro de rede. Tente novamente mais tarde.',
  unknownError: 'Erro desconhecido',
  qrExpired: 'Código QR expirado',
  qrRefresh: 'Atualizar',
  invalidData: 'Dados inválidos',
};

const europeanPortuguese: MessageTexts = {
  tip: 'Aviso',
  timeout: 'O pedido excedeu o tempo limite!',
  expired: 'A sessão expirou, inicie sessão novamente',
  loginvalid: 'Inicie sessão para aceder',
  unknow: 'O sistema está ocupado',
  notfound: 'Erro no pedido',
  forbidden: 'Pedido proibido',
  networkError: 'Erro de rede. Tente novamente mais tarde.',
  unknownError: 'Erro desconhecido',
  qrExpired: 'Código QR expirado',
  qrRefresh: 'Atualizar',
  invalidData: 'Dados inválidos',
};

const indonesian: MessageTexts = {
  tip: 'Pemberitahuan',
  timeout: 'Waktu permintaan habis!',
  expired: 'Sesi login telah berakhir, silakan login kembali',
  loginvalid: 'Silakan login untuk mengakses',
  unknow: 'Sistem sedang sibuk',
  notfound: 'Kesalahan permintaan',
  forbidden: 'Permintaan ditolak',
  networkError: 'Kesalahan jaringan. Coba lagi nanti.',
  unknownError: 'Kesalahan tidak diketahui',
  qrExpired: 'Kode QR kedaluwarsa',
  qrRefresh: 'Muat ulang',
  invalidData: 'Data tidak valid',
};

const polish: MessageTexts = {
  tip: 'Wskazówka',
  timeout: 'Upłynął limit czasu żądania!',
  expired: 'Sesja wygasła, zaloguj się ponownie',
  loginvalid: 'Zaloguj się, aby uzyskać dostęp',
  unknow: 'System jest zajęty',
  notfound: 'Błąd żądania',
  forbidden: 'Żądanie jest zabronione',
  networkError: 'Błąd sieci. Spróbuj ponownie później.',
  unknownError: 'Nieznany błąd',
  qrExpired: 'Kod QR wygasł',
  qrRefresh: 'Odśwież',
  invalidData: 'Nieprawidłowe dane',
};

const ukrainian: MessageTexts = {
  tip: 'Підказка',
  timeout: 'Час очікування запиту вичерпано!',
  expired: 'Сеанс завершився, увійдіть знову',
  loginvalid: 'Увійдіть, щоб продовжити',
  unknow: 'Система зайнята',
  notfound: 'Помилка запиту',
  forbidden: 'Запит заборонено',
  networkError: 'Помилка мережі. Спробуйте пізніше.',
  unknownError: 'Невідома помилка',
  qrExpired: 'Термін дії QR-коду минув',
  qrRefresh: 'Оновити',
  invalidData: 'Недійсні дані',
};

const swedish: MessageTexts = {
  tip: 'Tips',
  timeout: 'Tidsgränsen för begäran överskreds!',
  expired: 'Inloggningen har gått ut, logga in igen',
  loginvalid: 'Logga in för att fortsätta',
  unknow: 'Systemet är upptaget',
  notfound: 'Fel i begäran',
  forbidden: 'Begäran är inte tillåten',
  networkError: 'Nätverksfel. Försök igen senare.',
  unknownError: 'Okänt fel',
  qrExpired: 'QR-koden har gått ut',
  qrRefresh: 'Uppdatera',
  invalidData: 'Ogiltiga data',
};

const uzbek: MessageTexts = {
  tip: 'Eslatma',
  timeout: 'Soʻrov vaqti tugadi!',
  expired: 'Sessiya muddati tugadi, iltimos, qaytadan kiring',
  loginvalid: 'Davom etish uchun tizimga kiring',
  unknow: 'Tizim band',
  notfound: 'Soʻrov xatosi',
  forbidden: 'Soʻrov taqiqlangan',
  networkError: 'Tarmoq xatosi. Keyinroq qayta urinib koʻring.',
  unknownError: 'Nomaʼlum xato',
  qrExpired: 'QR kod muddati tugagan',
  qrRefresh: 'Yangilash',
  invalidData: 'Notoʻgʻri maʼlumotlar',
};

const arabic: MessageTexts = {
  tip: 'تنبيه',
  timeout: 'انتهت مهلة الطلب!',
  expired: 'انتهت صلاحية تسجيل الدخول، يرجى تسجيل الدخول مرة أخرى',
  loginvalid: 'يرجى تسجيل الدخول للمتابعة',
  unknow: 'النظام مشغول',
  notfound: 'خطأ في الطلب',
  forbidden: 'الطلب محظور',
  networkError: 'خطأ في الشبكة. حاول مرة أخرى لاحقًا.',
  unknownError: 'خطأ غير معروف',
  qrExpired: 'انتهت صلاحية رمز QR',
  qrRefresh: 'تحديث',
  invalidData: 'بيانات غير صالحة',
};

const filipino: MessageTexts = {
  tip: 'Paalala',
  timeout: 'Nag-time out ang request!',
  expired: 'Nag-expire na ang login, mag-log in muli',
  loginvalid: 'Mag-log in para magpatuloy',
  unknow: 'Abala ang system',
  notfound: 'Error sa request',
  forbidden: 'Ipinagbabawal ang request',
  networkError: 'Error sa network. Subukang muli mamaya.',
  unknownError: 'Hindi kilalang error',
  qrExpired: 'Nag-expire na ang QR code',
  qrRefresh: 'I-refresh',
  invalidData: 'Hindi wastong data',
};

const thai: MessageTexts = {
  tip: 'แจ้งเตือน',
  timeout: 'คำขอหมดเวลา!',
  expired: 'การเข้าสู่ระบบหมดอายุ โปรดเข้าสู่ระบบอีกครั้ง',
  loginvalid: 'โปรดเข้าสู่ระบบเพื่อเข้าชม',
  unknow: 'ระบบไม่ว่าง',
  notfound: 'คำขอผิดพลาด',
  forbidden: 'คำขอถูกปฏิเสธ',
  networkError: 'เครือข่ายขัดข้อง โปรดลองอีกครั้งในภายหลัง',
  unknownError: 'ข้อผิดพลาดที่ไม่ทราบสาเหตุ',
  qrExpired: 'คิวอาร์โค้ดหมดอายุ',
  qrRefresh: 'รีเฟรช',
  invalidData: 'ข้อมูลไม่ถูกต้อง',
};

/**
 * Locale → message texts, for every locale of the language table plus th. Locales that share a
 * language share texts (asia shows English, as its display name says).
 */
export const MESSAGES: Readonly<Record<string, MessageTexts>> = deepFreeze({
  en: english,
  'en-GB': english,
  asia: english,
  'zh-CN': simplifiedChinese,
  'zh-TW': traditionalChinese,
  'zh-TC': traditionalChinese,
  ja: japanese,
  vi: vietnamese,
  ru: russian,
  es: spanish,
  'es-ES': spanish,
  'es-AR': spanish,
  tr: turkish,
  it: italian,
  fr: french,
  de: german,
  pt: brazilianPortuguese,
  'pt-PT': europeanPortuguese,
  id: indonesian,
  pl: polish,
  uk: ukrainian,
  sv: swedish,
  uz: uzbek,
  ar: arabic,
  ph: filipino,
  th: thai,
});

const byLocale: ReadonlyMap<string, MessageTexts> = new Map(Object.entries(MESSAGES));

/** All message texts of a locale; unknown locales give English. */
export function messagesFor(locale: string): MessageTexts {
  return byLocale.get(locale) ?? byLocale.get(DEFAULT_LOCALE) ?? english;
}

/** One message in a locale's language; unknown locales give the English text. */
export function message(locale: string, key: MessageKey): string {
  expectString('key', key, 'message');
  return messagesFor(locale)[key];
}

/** The text for an unexpected HTTP status: '{status}:The system is busy' (spec §S8), localised. */
export function formatStatusBusy(status: number | string, locale: string): string {
  if (typeof status !== 'number' && typeof status !== 'string')
    throw invalidArgument('status', 'a number or a string', status, 'formatStatusBusy');
  return `${status}:${message(locale, 'unknow')}`;
}

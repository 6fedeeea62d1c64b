/** What the unsubscribe route says, per locale (decision 56): codes the same, the words the request's. */
import type { Locale } from '../../../lib/locale';

export const UNSUBSCRIBE_MESSAGES: Record<Locale, { invalid: string; shown: string; done: string }> = {
  en: {
    invalid: 'This unsubscribe link is not valid. Use the link of the e-mail as it was sent, or sign in to change your alerts.',
    shown: 'Confirm with a POST to the same link to stop these alerts',
    done: 'You will no longer get these alerts',
  },
  ar: {
    invalid: 'رابط إلغاء الاشتراك هذا غير صالح. استخدم الرابط كما ورد في الرسالة، أو سجّل الدخول لتعديل تنبيهاتك.',
    shown: 'أكّد بطلب POST إلى الرابط نفسه لإيقاف هذه التنبيهات',
    done: 'لن تصلك هذه التنبيهات بعد الآن',
  },
};

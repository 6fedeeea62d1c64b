/**
 * The e-mails of the account routes, in the buyer's language: a link to the website's page for the
 * step, which hands the code back to the API; and the notice that a sign-in was ended. Plain text and
 * HTML say the same thing.
 */
export type AccountMailKind = 'confirmation' | 'reset';
export type AccountLocale = 'en' | 'ar';

export interface AccountMail {
  subject: string;
  text: string;
  html: string;
}

interface Wording {
  subject: string;
  lead: string;
  action: string;
  expiry: (hours: number) => string;
  ignore: string;
}

const WORDING: Record<AccountMailKind, Record<AccountLocale, Wording>> = {
  confirmation: {
    en: {
      subject: 'Confirm your e-mail address',
      lead: 'Thank you for creating an account. Please confirm your e-mail address with the link below.',
      action: 'Confirm my e-mail address',
      expiry: (hours) => `The link works once, within ${hours} hours.`,
      ignore: 'If you did not create an account, you can ignore this e-mail.',
    },
    ar: {
      subject: 'تأكيد عنوان بريدك الإلكتروني',
      lead: 'شكراً لإنشاء حسابك. يُرجى تأكيد عنوان بريدك الإلكتروني عبر الرابط أدناه.',
      action: 'تأكيد بريدي الإلكتروني',
      expiry: (hours) => `يعمل الرابط مرة واحدة خلال ${hours} ساعة.`,
      ignore: 'إذا لم تُنشئ حساباً، يمكنك تجاهل هذه الرسالة.',
    },
  },
  reset: {
    en: {
      subject: 'Reset your password',
      lead: 'We received a request to reset the password of your account. Choose a new one with the link below.',
      action: 'Choose a new password',
      expiry: (hours) => `The link works once, within ${hours} hours.`,
      ignore: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    },
    ar: {
      subject: 'إعادة تعيين كلمة المرور',
      lead: 'تلقّينا طلباً لإعادة تعيين كلمة مرور حسابك. اختر كلمة مرور جديدة عبر الرابط أدناه.',
      action: 'اختيار كلمة مرور جديدة',
      expiry: (hours) => `يعمل الرابط مرة واحدة خلال ${hours} ساعة.`,
      ignore: 'إذا لم تطلب ذلك، يمكنك تجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
    },
  },
};

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function accountMail(kind: AccountMailKind, locale: AccountLocale, link: string, lifetimeHours: number): AccountMail {
  const words = WORDING[kind][locale];
  const expiry = words.expiry(lifetimeHours);
  const text = [words.lead, '', link, '', expiry, words.ignore].join('\n');
  const direction = locale === 'ar' ? 'rtl' : 'ltr';
  const html = [
    `<div dir="${direction}" lang="${locale}">`,
    `<p>${escapeHtml(words.lead)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(words.action)}</a></p>`,
    `<p>${escapeHtml(expiry)}</p>`,
    `<p>${escapeHtml(words.ignore)}</p>`,
    '</div>',
  ].join('\n');
  return { subject: words.subject, text, html };
}

const SIGNED_OUT: Record<AccountLocale, { subject: string; lines: string[] }> = {
  en: {
    subject: 'You were signed out of your account',
    lines: [
      'We signed you out of your account on the devices of one sign-in, because one of its security tokens was used twice: someone else may have copied it.',
      'Sign in again to carry on. If this surprises you, choose a new password with "Forgot password" on the sign-in page.',
    ],
  },
  ar: {
    subject: 'تم تسجيل خروجك من حسابك',
    lines: [
      'سجّلنا خروجك من حسابك على أجهزة إحدى جلسات الدخول، لأن أحد رموز الأمان الخاصة بها استُخدم مرتين: ربما نسخه شخص آخر.',
      'سجّل الدخول مجدداً للمتابعة. إذا فاجأك ذلك، فاختر كلمة مرور جديدة عبر «نسيت كلمة المرور» في صفحة تسجيل الدخول.',
    ],
  },
};

/** The notice that a sign-in was ended after its refresh token was replayed (src/api/account/auth/replay.ts). */
export function signedOutMail(locale: AccountLocale): AccountMail {
  const { subject, lines } = SIGNED_OUT[locale];
  const direction = locale === 'ar' ? 'rtl' : 'ltr';
  const html = [`<div dir="${direction}" lang="${locale}">`, ...lines.map((line) => `<p>${escapeHtml(line)}</p>`), '</div>'].join('\n');
  return { subject, text: lines.join('\n\n'), html };
}

/** CLIENT_URL (with its base path, if any) joined to a page path, with the code as `param`. */
export function websiteLink(clientUrl: string, pagePath: string, param?: [name: string, value: string]): string {
  const url = new URL(`${clientUrl.replace(/\/+$/, '')}/${pagePath.replace(/^\/+/, '')}`);
  if (param) url.searchParams.set(param[0], param[1]);
  return url.toString();
}

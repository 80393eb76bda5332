import { type Lang } from '../../i18n/lang.js';

/** The SMS carrying a sign-in code, in the shopper's language. */
export function otpSmsText(code: string, lang: Lang, ttlMinutes: number): string {
  switch (lang) {
    case 'uz':
      return `Bozor: kirish kodi ${code}. Kod ${ttlMinutes} daqiqa amal qiladi. Uni hech kimga aytmang.`;
    case 'ru':
      return `Bozor: код для входа ${code}. Действует ${ttlMinutes} мин. Никому его не сообщайте.`;
    case 'en':
      return `Bozor: your sign-in code is ${code}. It is valid for ${ttlMinutes} min. Do not share it.`;
  }
}

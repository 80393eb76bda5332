import { type Lang } from '../../i18n/lang.js';

/** The SMS when a variant a shopper waits for is back: the product (and option) and a link to its page. */
export function backInStockSmsText(product: string, lang: Lang, link: string): string {
  switch (lang) {
    case 'uz':
      return `Bozor: «${product}» yana sotuvda! ${link}`;
    case 'ru':
      return `Bozor: «${product}» снова в наличии! ${link}`;
    case 'en':
      return `Bozor: "${product}" is back in stock! ${link}`;
  }
}


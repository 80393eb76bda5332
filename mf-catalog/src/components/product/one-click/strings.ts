// The words of the "Buy in 1 click" form, added to the catalogue's i18n instance when its code loads (only
// once a shopper opens it). The button's own label stays in src/i18n (product.buyOneClick).
import { i18n } from '../../../i18n';
import en from './strings/en.json';
import ru from './strings/ru.json';
import uz from './strings/uz.json';

for (const [lang, strings] of Object.entries({ uz, ru, en })) i18n.addResourceBundle(lang, 'catalog', strings, true, false);

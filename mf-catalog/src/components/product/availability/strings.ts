// The words of "Delivery and pickup" and "Notify me when in stock", added to the catalogue's i18n
// instance when their code loads: they are not part of what every catalogue page loads before its first
// render. (The section's title and loading text, which its placeholder shows, stay in src/i18n.)
import { i18n } from '../../../i18n';
import en from './strings/en.json';
import ru from './strings/ru.json';
import uz from './strings/uz.json';

for (const [lang, strings] of Object.entries({ uz, ru, en })) i18n.addResourceBundle(lang, 'catalog', strings, true, false);

// This remote's own i18next instance (namespace "cart"); it follows the shell's language atom.
import { createI18n } from '@bozor/shared';
import en from './en.json';
import ru from './ru.json';
import uz from './uz.json';

export const i18n = createI18n('cart', { uz, ru, en });

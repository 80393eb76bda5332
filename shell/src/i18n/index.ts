// The shell's own strings (namespace "shell"): header, footer, language switch.
import { createI18n } from '@bozor/shared';
import en from './en.json';
import ru from './ru.json';
import uz from './uz.json';

export const i18n = createI18n('shell', { uz, ru, en });

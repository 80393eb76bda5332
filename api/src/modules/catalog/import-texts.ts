import { AppError } from '../../errors.js';
import { type Lang, type Localized } from '../../i18n/lang.js';

/** What the CSV import says of a bad row or a bad file, in the three languages (docs/back-office.md "CSV import and export"). */

export const ROW_MESSAGES = {
  sku_empty: { uz: 'SKU boʻsh.', ru: 'Артикул (SKU) не указан.', en: 'The SKU is empty.' },
  sku_unknown: { uz: 'Bunday SKU li variant yoʻq.', ru: 'Варианта с таким артикулом нет.', en: 'No variant has this SKU.' },
  sku_repeated: { uz: 'Bu SKU {row}-qatorda ham bor.', ru: 'Этот артикул уже есть в строке {row}.', en: 'This SKU is also on row {row}.' },
  cells: { uz: 'Qatorda {n} ta ustun, sarlavhada {m} ta.', ru: 'В строке {n} столбцов, в заголовке {m}.', en: 'The row has {n} cells, the header {m}.' },
  number: { uz: 'Butun son emas: «{value}».', ru: 'Не целое число: «{value}».', en: 'Not a whole number: “{value}”.' },
  price: { uz: 'Narx 1 dan 2 000 000 000 soʻmgacha.', ru: 'Цена от 1 до 2 000 000 000 сумов.', en: 'The price is 1 to 2 000 000 000 soʻm.' },
  required: { uz: 'Toʻldirish shart.', ru: 'Обязательное поле.', en: 'This cell is required.' },
  old_price: { uz: 'Eski narx joriy narxdan yuqori boʻlishi kerak.', ru: 'Старая цена должна быть выше текущей.', en: 'The old price must be higher than the price.' },
  visibility: {
    uz: 'Koʻrinish: shown, hidden, wholesale yoki retail.',
    ru: 'Видимость: shown, hidden, wholesale или retail.',
    en: 'Visibility is one of shown, hidden, wholesale, retail.',
  },
  visibility_conflict: {
    uz: 'Shu tovarning {row}-qatori boshqa koʻrinishni koʻrsatadi.',
    ru: 'Строка {row} того же товара указывает другую видимость.',
    en: 'Row {row} of the same product gives another visibility.',
  },
  stock: { uz: 'Qoldiq 0 dan 1 000 000 gacha butun son.', ru: 'Остаток — целое число от 0 до 1 000 000.', en: 'Stock is a whole number from 0 to 1 000 000.' },
  archived: { uz: 'Bu tovar arxivda.', ru: 'Этот товар в архиве.', en: 'This product is archived.' },
} satisfies Record<string, Localized>;

export const FILE_REASONS = {
  not_utf8: { uz: 'fayl UTF-8 matn emas', ru: 'файл не является текстом в UTF-8', en: 'the file is not UTF-8 text' },
  empty: { uz: 'fayl boʻsh', ru: 'файл пустой', en: 'the file is empty' },
  unclosed_quote: { uz: 'yopilmagan qoʻshtirnoq', ru: 'незакрытая кавычка', en: 'a quote is not closed' },
  no_sku: { uz: '«sku» ustuni yoʻq', ru: 'нет столбца «sku»', en: 'there is no “sku” column' },
  unknown_column: { uz: 'nomaʼlum ustun «{column}»', ru: 'неизвестный столбец «{column}»', en: 'unknown column “{column}”' },
  unknown_store: { uz: '«{column}»: bunday doʻkon kodi yoʻq', ru: '«{column}»: нет магазина с таким кодом', en: '“{column}”: no store has this code' },
  repeated_column: { uz: '«{column}» ustuni ikki marta', ru: 'столбец «{column}» повторяется', en: 'the column “{column}” is repeated' },
  too_many_rows: { uz: '{max} qatordan koʻp', ru: 'больше {max} строк', en: 'more than {max} rows' },
  invalid_characters: {
    uz: '{row}-qator, «{column}» ustuni: yaroqsiz belgilar (masalan, boshqaruv belgilari)',
    ru: 'строка {row}, столбец «{column}»: недопустимые символы (например, управляющие)',
    en: 'row {row}, column “{column}”: characters that are not allowed (such as control characters)',
  },
} satisfies Record<string, Localized>;

export const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
export const fileError = (reason: keyof typeof FILE_REASONS, lang: Lang, params: Record<string, string | number> = {}) =>
  new AppError('IMPORT_FILE_INVALID', 422, {
    params: { reason: fill(FILE_REASONS[reason][lang], params) },
    fields: { file: reason === 'invalid_characters' ? 'invalid_characters' : 'invalid' },
  });

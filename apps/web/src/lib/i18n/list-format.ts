import { getFormatLocale } from './i18n';

// Lists of names and words in the interface's locale: "ada, ben, chloe" / "ada、ben、chloe" (narrow), "service and
// tax" / "service和tax" (long). Made once per locale and style, at call time, so a switch of language follows.
const formats = new Map<string, Intl.ListFormat>();

function listFormat(style: 'long' | 'narrow'): Intl.ListFormat {
  const key = `${getFormatLocale()}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.ListFormat(getFormatLocale(), { type: 'conjunction', style });
    formats.set(key, format);
  }
  return format;
}

/** People one after the other, without "and": "ada, ben, chloe". */
export const listNames = (names: readonly string[]): string => listFormat('narrow').format(names);

/** Words joined as a sentence would: "service and tax", "service, tax and tip". */
export const listWords = (words: readonly string[]): string => listFormat('long').format(words);

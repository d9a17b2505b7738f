/** A value for a placeholder: numbers are formatted for the locale (digit grouping); strings are used as they are. */
export type MessageValue = string | number;

const cache = new Map<string, Intl.PluralRules | Intl.NumberFormat>();
const pluralRules = (locale: string) =>
  (cache.get(`p${locale}`) ?? cache.set(`p${locale}`, new Intl.PluralRules(locale)).get(`p${locale}`)) as Intl.PluralRules;
const formatNumber = (locale: string, n: number) =>
  ((cache.get(locale) ?? cache.set(locale, new Intl.NumberFormat(locale)).get(locale)) as Intl.NumberFormat).format(n);

// `{count, plural, =0 {…} one {# task} other {# tasks}}`; an option may hold `{name}` placeholders (one level).
const PLURAL = /\{(\w+), plural,((?:[^{}]|\{(?:[^{}]|\{\w+\})*\})*)\}/g;
const OPTION = /(=?\w+)\s*\{((?:[^{}]|\{\w+\})*)\}/g;
const PLACEHOLDER = /\{(\w+)\}/;

/**
 * A catalog message with its values: `{name}` placeholders and ICU-style plurals (`#` is the
 * count, formatted for the locale; the category comes from Intl.PluralRules). Returns the pieces,
 * text and values alternating, so a value may be a React node (a link inside a sentence).
 */
export function formatParts<V>(message: string, values: Record<string, MessageValue | V>, locale: string): (string | V)[] {
  const chosen = message.replace(PLURAL, (_, name: string, body: string) => {
    const count = Number(values[name]);
    const options: Record<string, string> = {};
    for (const [, key = '', text = ''] of body.matchAll(OPTION)) options[key] = text;
    const option = options[`=${count}`] ?? options[pluralRules(locale).select(count)] ?? options.other ?? '';
    return option.replaceAll('#', formatNumber(locale, count));
  });
  return chosen.split(PLACEHOLDER).map((part, i) => {
    if (i % 2 === 0) return part;
    const value = values[part];
    return typeof value === 'number' ? formatNumber(locale, value) : (value as string | V);
  });
}

/** The placeholder and plural argument names a message uses, sorted (the catalog test compares locales). */
export function argumentNames(message: string): string[] {
  return [...new Set([...message.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1] ?? ''))].sort();
}

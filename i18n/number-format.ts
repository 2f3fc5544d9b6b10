// Numbers as a language writes them (1,234,567; 1 234 567): one Intl.NumberFormat per language,
// and per the options a message names (`{{s, number(minimumFractionDigits: 1; …)}}`), made the
// first time it is asked for and kept. translate() formats every `{{n, number}}` with it, in every
// language; the timeline's counts use it too. Kept because making one costs (the process's first
// loads ICU's data: 15 to 25 ms of CPU, once), and i18next's own number formatter, cached by every
// parameter of the message, made one more for each new number (a list's progress statuses).
// Pure (no DOM, no node:*).

/** Intl.NumberFormat's options: the ones, among a message's options and parameters, that are Intl's. */
const NUMBER_OPTIONS = [
  'localeMatcher',
  'style',
  'currency',
  'currencyDisplay',
  'currencySign',
  'unit',
  'unitDisplay',
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
  'roundingPriority',
  'roundingIncrement',
  'roundingMode',
  'trailingZeroDisplay',
  'notation',
  'compactDisplay',
  'useGrouping',
  'signDisplay',
  'numberingSystem',
] as const

const formats = new Map<string, Intl.NumberFormat>()

/** The one Intl.NumberFormat of `lng` with `options` (none: the language's plain grouping). */
export function numberFormat(lng: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = options ? `${lng} ${JSON.stringify(options)}` : lng
  let format = formats.get(key)
  if (format === undefined) {
    format = new Intl.NumberFormat(lng, options)
    formats.set(key, format)
  }
  return format
}

/**
 * `{{n, number}}` for i18next's formatter: `options` holds the message's format options and the
 * call's parameters together; only Intl's options pick the formatter.
 */
export function formatNumber(
  value: unknown,
  lng: string | undefined,
  options: Record<string, unknown> = {},
): string {
  let intl: Record<string, unknown> | undefined
  for (const name of NUMBER_OPTIONS)
    if (options[name] !== undefined) (intl ??= {})[name] = options[name]
  return numberFormat(lng ?? 'en', intl as Intl.NumberFormatOptions | undefined).format(
    value as number,
  )
}

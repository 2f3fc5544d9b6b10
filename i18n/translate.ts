// The one catalogue of Apiscope's words for a person, in English and French, and the function that
// says a message in a language. Pure (no DOM, no node:*): the renderer, the core and the CLI all
// import it through the @i18n alias. docs/adr/0018-two-languages-one-catalogue.md says why.
//
// Keys are checked by TypeScript: `translate(locale, key, params)` takes only keys of the English
// catalogue, and the parameters its English text names ({{host}}, {{count}}); the French catalogue
// is typed with exactly the English keys, so a missing or extra French key does not build.
// Plurals (`key_one`, `key_other`), numbers (`{{n, number}}`) and dates (`{{d, datetime}}`) go
// through i18next, which asks Intl.PluralRules and Intl.DateTimeFormat; numbers are formatted by
// one Intl.NumberFormat per language, kept (number-format.ts).
import i18next from 'i18next'
import { en } from './catalogue/en'
import { fr } from './catalogue/fr'
import { formatNumber } from './number-format'

export const LOCALES = ['en', 'fr'] as const
export type Locale = (typeof LOCALES)[number]

type Catalogue = typeof en
type StoredKey = keyof Catalogue
type PluralSuffix = '_one' | '_other'
/** A key as code names it: `rows` for the stored `rows_one` and `rows_other`. */
export type MessageKey = StoredKey extends infer K
  ? K extends `${infer Base}${PluralSuffix}`
    ? Base
    : K
  : never

/** The {{names}} a text interpolates (`{{n, number}}` names n). */
type Vars<S> = S extends `${string}{{${infer V}}}${infer Rest}`
  ? (V extends `${infer Name}, ${string}` ? Name : V) | Vars<Rest>
  : never
type TextOf<K extends MessageKey> = K extends StoredKey
  ? Catalogue[K]
  : `${K}_other` extends StoredKey
    ? Catalogue[`${K}_other`]
    : never
type Value = string | number | Date
/** A plural message also takes `count`, which picks the form (Intl.PluralRules). */
type NamesOf<K extends MessageKey> =
  Vars<TextOf<K>> | (`${K}_other` extends StoredKey ? 'count' : never)
type ParamsOf<K extends MessageKey> = { [V in NamesOf<K>]: V extends 'count' ? number : Value }
/** No second argument for a text without parameters; the named ones, all of them, otherwise. */
export type ParamsArg<K extends MessageKey> = [NamesOf<K>] extends [never] ? [] : [ParamsOf<K>]

const instance = i18next.createInstance()
void instance.init({
  resources: { en: { translation: en }, fr: { translation: fr } },
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  // Keys are flat strings with dots; texts may hold colons.
  keySeparator: false,
  nsSeparator: false,
  // Svelte escapes text itself; the CLI prints plain text.
  interpolation: { escapeValue: false },
  returnNull: false,
})

// `{{n, number}}` in every language through one Intl.NumberFormat per language (and options),
// made once and kept (number-format.ts), not i18next's, which made one for each new number.
instance.services.formatter?.add('number', formatNumber)

/** `key` said in `locale`, its parameters put in (through Intl for numbers, dates and plurals). */
export function translate<K extends MessageKey>(
  locale: Locale,
  key: K,
  ...params: ParamsArg<K>
): string {
  return String(instance.t(key as never, { lng: locale, ...(params[0] ?? {}) } as never))
}

/** Whether a key computed at run time (an error's kind) names a message of the catalogue. */
export function isMessageKey(key: string): key is MessageKey {
  return key in en || `${key}_other` in en
}

/** Every stored key of a catalogue (for the test that both languages have all of them). */
export const catalogues: Record<Locale, Record<string, string>> = { en, fr }

/**
 * A message as the core sends it: its key and parameters. A parameter may be a message itself (a
 * failure's title inside "No cluster answered (…)"), said in the same language as the outer one.
 */
export interface MessageAs {
  key: string
  params?: Record<string, MessageParam>
}
export type MessageParam = string | number | MessageAs

/** A message the core sends for a person: its English, and its key and parameters to say again. */
export interface Said {
  text: string
  as: MessageAs & { key: MessageKey }
}

type SaidParamsOf<K extends MessageKey> = {
  [V in NamesOf<K>]: V extends 'count' ? number : Value | Said
}
/** The parameters of `said`: as `translate` takes them, and a whole message in place of a text. */
export type SaidParamsArg<K extends MessageKey> = [NamesOf<K>] extends [never]
  ? []
  : [SaidParamsOf<K>]

const isSaid = (value: unknown): value is Said =>
  typeof value === 'object' && value !== null && 'text' in value && 'as' in value

/**
 * `key` in English for the core's answer, with what the renderer needs to say it in French. A
 * parameter that is a message (`said(…)`) puts its English in the text and its key in `as`.
 */
export function said<K extends MessageKey>(key: K, ...params: SaidParamsArg<K>): Said {
  const given = params[0] as Record<string, Value | Said> | undefined
  if (!given) return { text: translate('en', key, ...([] as unknown as ParamsArg<K>)), as: { key } }
  const english: Record<string, Value> = {}
  const as: Record<string, MessageParam> = {}
  for (const [name, value] of Object.entries(given)) {
    english[name] = isSaid(value) ? value.text : value
    as[name] = isSaid(value) ? value.as : (value as string | number)
  }
  return {
    text: translate('en', key, ...([english] as unknown as ParamsArg<K>)),
    as: { key, params: as },
  }
}

const isMessageAs = (value: unknown): value is MessageAs =>
  typeof value === 'object' && value !== null && typeof (value as MessageAs).key === 'string'

/** A message the core sent, in `locale` (its message parameters too); null for a key unknown here. */
function sayAs(locale: Locale, as: MessageAs): string | null {
  if (!isMessageKey(as.key)) return null
  const params: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(as.params ?? {})) {
    if (!isMessageAs(value)) {
      params[name] = value
      continue
    }
    const inner = sayAs(locale, value)
    if (inner === null) return null
    params[name] = inner
  }
  return translate(locale, as.key, ...([params] as ParamsArg<typeof as.key>))
}

/** A message the core sent (a UiError's `said`), in `locale`; `english` when this build lacks a key. */
export function translateSaid(locale: Locale, as: MessageAs | undefined, english: string): string {
  return (as && sayAs(locale, as)) ?? english
}

/**
 * A text the core built of several messages (`SaidParts` in src-main/common/said-parts.ts), in
 * `locale`: each part said and joined as the core joined them; `english` when there are none or
 * this build lacks a part's key.
 */
export function translateParts(
  locale: Locale,
  parts: readonly MessageAs[] | undefined,
  english: string,
  joiner: '' | ' ' = '',
): string {
  if (!parts || parts.length === 0) return english
  const said: string[] = []
  for (const part of parts) {
    const text = sayAs(locale, part)
    if (text === null) return english
    said.push(text)
  }
  return said.join(joiner)
}

/**
 * Data written in several languages by whoever wrote it (a recording's title, a marker's note: the
 * bundled demo's, written in both), by language: not the catalogue's words, which keys say.
 */
export type ByLanguage = Partial<Record<Locale, string>>

/** `texts` in `locale` when it was written in it, else `written` (the text as written, one language). */
export function inLanguage(locale: Locale, texts: ByLanguage | undefined, written: string): string {
  const text = texts?.[locale]
  return typeof text === 'string' && text !== '' ? text : written
}

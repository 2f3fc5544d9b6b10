// The renderer's language: the system's (navigator.languages) until someone picks one in the side
// bar, then that one, remembered in localStorage. Switching re-renders every text read through
// `t` (they read `locale.current`) and keeps all other state: nothing reloads.
import { pickLocale } from '../pick-locale'
import {
  inLanguage,
  translate,
  translateSaid,
  type ByLanguage,
  type Locale,
  type MessageAs,
  type MessageKey,
  type ParamsArg,
} from '../translate'

const STORAGE_KEY = 'apiscope.locale'

function stored(): Locale | null {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY)
    return value === 'en' || value === 'fr' ? value : null
  } catch {
    return null
  }
}

function system(): Locale {
  return pickLocale(globalThis.navigator?.languages ?? [globalThis.navigator?.language])
}

class LocaleState {
  /** What the person picked, or null: follow the system. */
  chosen = $state<Locale | null>(stored())
  readonly system = system()
  current = $derived<Locale>(this.chosen ?? this.system)

  /** Pick a language (null: follow the system again); remembered across launches. */
  set(value: Locale | null): void {
    this.chosen = value
    try {
      if (value) globalThis.localStorage?.setItem(STORAGE_KEY, value)
      else globalThis.localStorage?.removeItem(STORAGE_KEY)
    } catch {
      // no storage (a locked-down browser): the choice lasts for this window
    }
  }
}

export const locale = new LocaleState()

/** `key` in the renderer's current language (reactive: re-read when the language changes). */
export function t<K extends MessageKey>(key: K, ...params: ParamsArg<K>): string {
  return translate(locale.current, key, ...params)
}

/**
 * A message the core sent by key (a UiError's `said`), in the current language (a parameter that
 * is a message too); `english` (the core's own text) when a key is not in this build's catalogue.
 */
export function tSaid(as: MessageAs | undefined, english: string): string {
  return translateSaid(locale.current, as, english)
}

/** Data written in several languages (a recording's title, a marker's note) in the current one. */
export function tWritten(texts: ByLanguage | undefined, written: string): string {
  return inLanguage(locale.current, texts, written)
}

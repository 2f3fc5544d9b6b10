// Which of Apiscope's languages a system's locale asks for: French for any fr tag (fr, fr-CA,
// fr_FR.UTF-8), English for everything else (en, de, C, POSIX, nothing).
import type { Locale } from './translate'

/** The first of `tags` that names a language Apiscope speaks, or English. */
export function pickLocale(tags: readonly (string | undefined)[]): Locale {
  for (const tag of tags) {
    const language = tag
      ?.trim()
      .toLowerCase()
      .split(/[-_.@]/)[0]
    if (language === 'fr') return 'fr'
    if (language === 'en') return 'en'
  }
  return 'en'
}

/**
 * The CLI's locale from the environment, in POSIX order: LC_ALL, then LC_MESSAGES, then LANG (an
 * empty variable counts as unset). LANGUAGE (a GNU list such as fr:en) is read first when set,
 * as gettext does.
 */
export function localeFromEnv(env: Readonly<Record<string, string | undefined>>): Locale {
  const set = (name: string) => (env[name] ? env[name] : undefined)
  const posix = set('LC_ALL') ?? set('LC_MESSAGES') ?? set('LANG')
  // gettext ignores LANGUAGE when the locale is C/POSIX.
  const language = posix && !/^(C|POSIX)([.@]|$)/.test(posix) ? set('LANGUAGE') : undefined
  return pickLocale([...(language?.split(':') ?? []), posix])
}

// The command line's words, in the language of its environment: LC_ALL, then LC_MESSAGES, then
// LANG (fr_FR.UTF-8 prints French; C, POSIX and en_* print English), from the catalogue (i18n/).
import { localeFromEnv } from '@i18n/pick-locale'
import { translate, type MessageKey, type ParamsArg } from '@i18n/translate'

export const cliLocale = localeFromEnv(process.env)

/** `key` in the CLI's language. */
export function say<K extends MessageKey>(key: K, ...params: ParamsArg<K>): string {
  return translate(cliLocale, key, ...params)
}

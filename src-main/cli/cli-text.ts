// The command line's words, in the language of its environment: LC_ALL, then LC_MESSAGES, then
// LANG (fr_FR.UTF-8 prints French; C, POSIX and en_* print English), from the catalogue (i18n/).
import { localeFromEnv } from '@i18n/pick-locale'
import type { UiError } from '@common/result'
import type { DemoFallback } from '../assembly/demo-fallback'
import {
  translate,
  translateParts,
  translateSaid,
  type MessageAs,
  type MessageKey,
  type ParamsArg,
} from '@i18n/translate'

export const cliLocale = localeFromEnv(process.env)

/** `key` in the CLI's language. */
export function say<K extends MessageKey>(key: K, ...params: ParamsArg<K>): string {
  return translate(cliLocale, key, ...params)
}

/** A message the core sent by key (a UiError's `said`), in the CLI's language; else `english`. */
export function sayAs(as: MessageAs | undefined, english: string): string {
  return translateSaid(cliLocale, as, english)
}

/** A core error's title, detail and next step in the CLI's language (the server's words as sent). */
export function errorWords(e: UiError): { title: string; detail: string; nextStep: string } {
  return {
    title: sayAs(e.said?.title, e.title),
    detail: translateParts(cliLocale, e.said?.detail, e.detail),
    nextStep: sayAs(e.said?.nextStep, e.nextStep),
  }
}

/** A size in kB (or MB from 1 MiB) with the language's numbers and units: `12.3 kB`, `12,3 ko`. */
export function sizeText(bytes: number): string {
  const mb = bytes >= 1024 * 1024
  return new Intl.NumberFormat(cliLocale, {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    minimumFractionDigits: mb ? 2 : 1,
    maximumFractionDigits: mb ? 2 : 1,
    useGrouping: false,
  }).format(mb ? bytes / 1048576 : bytes / 1024)
}

/** The console line when the demo opened by itself: why, the failure named in the CLI's language. */
export function demoFallbackLine(fallback: DemoFallback): string {
  return say('demo.fallbackReason', {
    failure: sayAs(fallback.failure.said, fallback.failure.title),
  })
}

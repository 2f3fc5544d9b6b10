// The catalogue (i18n/): both languages hold every key, with the same {{parameters}}; plurals,
// numbers and dates go through Intl; the locale follows LC_ALL / LC_MESSAGES / LANG.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { localeFromEnv, pickLocale } from '@i18n/pick-locale'
import { catalogues, isMessageKey, translate } from '@i18n/translate'

const params = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]).sort((a, b) => a!.localeCompare(b!))

describe('catalogue', () => {
  const { en, fr } = catalogues
  it('has a French text for every English key and no other key', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort())
  })
  it('has no empty text and the same parameters in both languages', () => {
    for (const [key, english] of Object.entries(en)) {
      const french = fr[key]!
      expect(english.trim(), key).not.toBe('')
      expect(french.trim(), key).not.toBe('')
      expect(params(french), key).toEqual(params(english))
    }
  })
  it('holds each key in one area only (a spread would let the later area win in silence)', () => {
    const dir = path.resolve(__dirname, '../../i18n/catalogue')
    const seen = new Map<string, string>()
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.en.ts'))) {
      for (const [, key] of readFileSync(path.join(dir, file), 'utf8').matchAll(
        /^ {2}'([^']+)':/gm,
      )) {
        expect(seen.get(key!), `${key} in ${file}`).toBeUndefined()
        seen.set(key!, file)
      }
    }
    expect(seen.size).toBe(Object.keys(en).length)
  })
  it('has both forms of every plural', () => {
    for (const key of Object.keys(en)) {
      const base = key.replace(/_(one|other)$/, '')
      if (base === key) continue
      expect(Object.keys(en), key).toContain(`${base}_one`)
      expect(Object.keys(en), key).toContain(`${base}_other`)
    }
  })
  it('checks keys and parameters at build time', () => {
    // @ts-expect-error: not a key of the catalogue
    translate('en', 'shell.nothing')
    // @ts-expect-error: the text names {{context}}
    translate('en', 'status.connecting')
    expect(isMessageKey('replay.skippedLines')).toBe(true)
    expect(isMessageKey('shell.nothing')).toBe(false)
  })
})

describe('translate', () => {
  it('puts parameters in and picks the plural form with Intl.PluralRules', () => {
    expect(translate('fr', 'status.connecting', { context: 'minikube' })).toBe(
      'Connexion à minikube…',
    )
    // French says "1 ligne" for 0 and 1 too; English only for 1.
    expect(translate('fr', 'replay.skippedLines', { count: 0, lines: '' })).toMatch(/^Ligne /)
    expect(translate('en', 'replay.skippedLines', { count: 2, lines: '3, 4' })).toBe(
      'Skipped corrupted lines 3, 4.',
    )
  })
})

describe('locale', () => {
  it('picks French for any fr tag, English otherwise', () => {
    expect(pickLocale(['fr-CA'])).toBe('fr')
    expect(pickLocale(['de-DE', 'fr'])).toBe('fr')
    expect(pickLocale(['de-DE'])).toBe('en')
    expect(pickLocale([])).toBe('en')
  })
  it('reads LC_ALL, then LC_MESSAGES, then LANG, as POSIX does', () => {
    expect(localeFromEnv({ LANG: 'fr_FR.UTF-8' })).toBe('fr')
    expect(localeFromEnv({ LC_ALL: 'C', LANG: 'fr_FR.UTF-8' })).toBe('en')
    expect(localeFromEnv({ LC_ALL: '', LC_MESSAGES: 'fr_BE.UTF-8', LANG: 'en_US.UTF-8' })).toBe(
      'fr',
    )
    expect(localeFromEnv({ LANGUAGE: 'fr:en', LANG: 'en_US.UTF-8' })).toBe('fr')
    expect(localeFromEnv({ LANGUAGE: 'fr:en', LANG: 'C' })).toBe('en')
    expect(localeFromEnv({})).toBe('en')
  })
})

// Arbitraries shared by the property-based tests (fast-check): names in every script, and the few
// fixed extremes the issue names (a 1.5 MB object, 10,000 managedFields entries).
import fc from 'fast-check'

/** One name per script (and the awkward cases: combining marks, ZWJ emoji, bidi marks, astral). */
export const NAMES_IN_EVERY_SCRIPT = [
  'réglages', // Latin with diacritics
  'ρυθμίσεις', // Greek
  'настройки', // Cyrillic
  'կարգավորումներ', // Armenian
  'הגדרות', // Hebrew
  'إعدادات', // Arabic
  'ترتیبات', // Persian/Urdu
  'ܛܘܪܣܐ', // Syriac
  'ސެޓިންގ', // Thaana
  'सेटिंग्स', // Devanagari
  'সেটিংস', // Bengali
  'ਸੈਟਿੰਗਾਂ', // Gurmukhi
  'સેટિંગ્સ', // Gujarati
  'ସେଟିଂସ', // Oriya
  'அமைப்புகள்', // Tamil
  'సెట్టింగులు', // Telugu
  'ಸೆಟ್ಟಿಂಗ್‌ಗಳು', // Kannada (with ZWNJ)
  'ക്രമീകരണങ്ങൾ', // Malayalam
  'සැකසුම්', // Sinhala
  'การตั้งค่า', // Thai
  'ການຕັ້ງຄ່າ', // Lao
  'སྒྲིག་འགོད', // Tibetan
  'ဆက်တင်များ', // Myanmar
  'ការកំណត់', // Khmer
  'პარამეტრები', // Georgian
  'ᠲᠣᠬᠢᠷᠠᠭᠤᠯᠭ᠎ᠠ', // Mongolian (with a vowel separator)
  'ቅንብሮች', // Ethiopic
  'ᏗᏎᏍᏗ', // Cherokee
  'ᐅᑎᐦᑖᐤ', // Canadian syllabics
  'ᚠᛁᛚ', // Runic
  '설정', // Hangul
  '設定', // Han
  'せってい', // Hiragana
  'セッテイ', // Katakana
  'ꆈꌠꁱꂷ', // Yi
  '𐌰𐌲𐌰', // Gothic (astral plane)
  '𓀀𓁐', // Egyptian hieroglyphs (astral)
  'e\u0301\u0302', // combining marks
  '👩‍👩‍👧‍👦', // ZWJ sequence
  '\u202eevil\u202c', // bidi override
  'tab\there', // a control character
  'quote"back\\slash/', // JSON escapes
  '\u2028\u2029', // line and paragraph separators
  '', // empty
]

/** Any name: one of the above, or any string of code points (lone surrogates included). */
export const anyName = fc.oneof(
  fc.constantFrom(...NAMES_IN_EVERY_SCRIPT),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
)

/** A JSON value whose strings are names in every script. */
export const jsonWithNames = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    anyName,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(anyName, tie('value'), { maxKeys: 4 }),
  ),
})).value

/** Flips, inserts or deletes a few bytes. */
export function mutateBytes(bytes: Uint8Array) {
  return fc
    .array(
      fc.record({
        op: fc.constantFrom('flip', 'insert', 'delete'),
        at: fc.nat(),
        byte: fc.integer({ min: 0, max: 255 }),
      }),
      { minLength: 1, maxLength: 6 },
    )
    .map((edits) => {
      const out = [...bytes]
      for (const e of edits) {
        const at = out.length === 0 ? 0 : e.at % (out.length + (e.op === 'insert' ? 1 : 0))
        if (e.op === 'flip' && out.length > 0) out[at] = (out[at] as number) ^ (e.byte || 1)
        else if (e.op === 'insert') out.splice(at, 0, e.byte)
        else if (e.op === 'delete' && out.length > 0) out.splice(at, 1)
      }
      return Uint8Array.from(out)
    })
}

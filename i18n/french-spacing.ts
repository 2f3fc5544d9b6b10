// French typography's spaces around punctuation, put in once as the French catalogue is read: a
// no-break space before ":" and a narrow one before ";", "!", "?" and "»" and after "«", so that a
// line never starts with a colon or a closing guillemet when a text wraps (on a projector at
// 1024 px it does). The catalogue is written with plain spaces, as people type French.
const NBSP = '\u00a0'
const NNBSP = '\u202f'

/** `text` with the spaces before French high punctuation, and inside « », made no-break. */
export function frenchSpacing(text: string): string {
  return text
    .replace(/ :/g, `${NBSP}:`)
    .replace(/ ([;!?»])/g, `${NNBSP}$1`)
    .replace(/« /g, `«${NNBSP}`)
}

/** Every text of a catalogue through frenchSpacing. */
export function withFrenchSpacing<C extends Readonly<Record<string, string>>>(catalogue: C): C {
  const spaced: Record<string, string> = {}
  for (const [key, text] of Object.entries(catalogue)) spaced[key] = frenchSpacing(text)
  return spaced as C
}

// A text the core built of several catalogue messages said one after the other: a stage
// explanation, an audit source's last error, a dry run's note on webhooks, an error's detail. Its
// English goes with it; the renderer says the parts again in the person's language
// (src-renderer/src/ui/said-parts.ts) and joins them as the core did.
import type { Said } from '@i18n/translate'

/**
 * A catalogue key and its parameters (kept as the API and the machine gave them); a parameter may
 * be a message itself, said in the same language.
 */
export interface SaidAs {
  key: string
  params?: Record<string, string | number | SaidAs>
}

/** The messages of one text, in order. */
export type SaidParts = SaidAs[]

/**
 * How the parts of a text are joined: with nothing, each part carrying its own spaces (a stage
 * explanation, an audit source's error, an error's detail), or with a space between sentences (a
 * dry run's note on webhooks and policies, a node's heartbeat).
 */
export type PartsJoiner = '' | ' '

/** Parts as one text: its English, and the parts to say it again. */
export function told(
  parts: readonly Said[],
  joiner: PartsJoiner = '',
): {
  text: string
  said: SaidParts
} {
  return { text: parts.map((p) => p.text).join(joiner), said: parts.map((p) => p.as) }
}

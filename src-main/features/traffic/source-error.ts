// An audit source's error for a person: its English, and the catalogue parts to say it again
// (joined with nothing, each part carrying its own spaces, like a stage explanation). A tool's or
// the system's own text has no parts: it shows as it came.
import { told, type SaidParts } from '@common/said-parts'
import type { Said } from '@i18n/translate'

export interface SourceError {
  text: string
  said?: SaidParts
}

/** Parts said one after the other. */
export function toldError(...parts: Said[]): SourceError {
  return told(parts)
}

/** A sentence of parts in front of an error already told (its parts, or none: then English). */
export function before(part: Said, error: SourceError): SourceError {
  return {
    text: part.text + error.text,
    ...(error.said ? { said: [part.as, ...error.said] } : {}),
  }
}

/** Records an error as a source's last one, with its parts or none. */
export function setLastError(
  status: { lastError?: string; lastErrorSaid?: SaidParts },
  error: SourceError,
): void {
  status.lastError = error.text
  if (error.said) status.lastErrorSaid = error.said
  else delete status.lastErrorSaid
}

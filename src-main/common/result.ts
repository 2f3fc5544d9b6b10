// The answer every core handler gives across the process boundary: a value, or an error a person
// can act on. Handlers never throw across the boundary.
import type { SaidAs, SaidParts } from './said-parts'

export type ErrorKind =
  | 'no-kubeconfig'
  | 'kubeconfig-malformed'
  | 'unknown-context'
  | 'not-connected'
  | 'dns'
  | 'connection-refused'
  | 'tls-ca'
  | 'tls-hostname'
  | 'cert-expired'
  | 'unauthorized'
  | 'forbidden'
  | 'exec-not-found'
  | 'exec-failed'
  | 'timeout'
  | 'http'
  | 'bad-request'
  | 'internal'

export interface UiError {
  kind: ErrorKind
  /** One line: what went wrong, in plain words. */
  title: string
  /** What we know: the server's message, the file and line, the plugin's stderr. */
  detail: string
  /** What to do about it. */
  nextStep: string
  /**
   * The same title, detail and next step as messages of the catalogue (i18n/), so the renderer
   * says them in the person's language; the strings above are their English. Absent for errors
   * not in the catalogue yet (they show in English) and for a detail that is the server's own text.
   * The detail is parts (said-parts.ts): one message, or several joined with nothing. No next
   * step when there is nothing to do.
   */
  said?: { title: SaidAs; detail?: SaidParts; nextStep?: SaidAs }
}

export type { SaidAs } from './said-parts'

export type Result<T> = { ok: true; value: T } | { ok: false; error: UiError }

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })
export const fail = <T = never>(error: UiError): Result<T> => ({ ok: false, error })

// A UiError whose words come from the catalogue (i18n/): the English for the core and the logs,
// and the keys and parameters with them, so the renderer says them in the person's language. A
// detail that is the server's or a tool's own text is passed as a string and stays as it came.
import type { ErrorKind, UiError } from './result'
import type { SaidParts } from './said-parts'
import type { Said } from '@i18n/translate'

/** A detail: one message, a text of several (said-parts.ts `told`), or a tool's own text. */
export type SaidDetail = Said | { text: string; said: SaidParts } | string

export function saidError(
  kind: ErrorKind,
  title: Said,
  detail: SaidDetail,
  /** null: nothing to do about it (the card shows no next step). */
  nextStep: Said | null,
): UiError {
  const parts = typeof detail === 'string' ? null : 'as' in detail ? [detail.as] : detail.said
  return {
    kind,
    title: title.text,
    detail: typeof detail === 'string' ? detail : detail.text,
    nextStep: nextStep?.text ?? '',
    said: {
      title: title.as,
      ...(nextStep ? { nextStep: nextStep.as } : {}),
      ...(parts ? { detail: parts } : {}),
    },
  }
}

/** An error's title as a message, to name it inside another (its English when it has no key). */
export function titleSaid(error: UiError): Said | string {
  return error.said ? { text: error.title, as: error.said.title as Said['as'] } : error.title
}

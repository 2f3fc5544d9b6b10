// A UiError whose words come from the catalogue (i18n/): the English for the core and the logs,
// and the keys and parameters with them, so the renderer says them in the person's language. A
// detail that is the server's or a tool's own text is passed as a string and stays as it came.
import type { ErrorKind, UiError } from './result'
import type { Said } from '@i18n/translate'

export function saidError(
  kind: ErrorKind,
  title: Said,
  detail: Said | string,
  nextStep: Said,
): UiError {
  const ours = typeof detail !== 'string'
  return {
    kind,
    title: title.text,
    detail: ours ? detail.text : detail,
    nextStep: nextStep.text,
    said: { title: title.as, nextStep: nextStep.as, ...(ours ? { detail: detail.as } : {}) },
  }
}

// A value the renderer asked the core for: loading, loaded, or failed with a message a person can
// act on. Every feature's state uses this one shape.
import type { Result, UiError } from '@common/result'

export type Loadable<T> =
  | { status: 'idle' }
  | { status: 'loading'; previous?: T }
  | { status: 'ready'; value: T }
  | { status: 'error'; error: UiError }

export function toLoadable<T>(result: Result<T>): Loadable<T> {
  return result.ok
    ? { status: 'ready', value: result.value }
    : { status: 'error', error: result.error }
}

// A value the renderer asked the core for: loading, loaded, or failed with a message a person can
// act on. The states hold what they load in this one shape: the overview and discovery (world),
// the kubeconfig (app), ownership's objects, map, history and what-if, traffic's detail, setup,
// metrics and APF, the timeline's event detail, the kubectl proxy's detail, the walkthroughs'
// catalog and plan, the rollout trace, the recordings list, the lab's identities. Actions (a lab
// send, a token mint, a walkthrough step, a recording start) keep a busy flag and their error.
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

/** What a view shows of a Loadable: its value, or while it loads again the value before. */
export function shownValue<T>(loadable: Loadable<T>): T | undefined {
  if (loadable.status === 'ready') return loadable.value
  if (loadable.status === 'loading') return loadable.previous
  return undefined
}

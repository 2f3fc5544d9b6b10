// `npm start` on a machine with no cluster: try the kubeconfig's context once; when nothing answers
// (no kubeconfig, no context, refused, unknown host, timeout), open the bundled demo instead and
// say why. A cluster that answers with an error (a bad certificate, 401) stays: that error matters.
import type { ErrorKind, SaidAs } from '@common/result'
import { said, type Said } from '@i18n/translate'
import type { ApiscopeCore } from './apiscope-core'

const NOBODY_ANSWERED = new Set<ErrorKind>([
  'no-kubeconfig',
  'kubeconfig-malformed',
  'unknown-context',
  'dns',
  'connection-refused',
  'timeout',
])

/** Why the demo opened: its English and message, and the failure it names as a message too. */
export interface DemoFallback {
  reason: Said
  /** The connection failure's title (English) and its message, to say `reason` in a language. */
  failure: { title: string; said?: SaidAs }
}

/** Returns why the demo opened, or null when a cluster answered (or there is no demo). */
export async function openDemoUnlessClusterAnswers(
  core: ApiscopeCore,
): Promise<DemoFallback | null> {
  const connected = await core.invoke('kube:connect', {})
  if (connected.ok || !NOBODY_ANSWERED.has(connected.error.kind)) return null
  const { title, said: failure } = connected.error
  const reason = said('demo.fallbackReason', { failure: title })
  const opened = await core.recording.openDemo(reason.text, {
    reason: reason.as,
    ...(failure ? { failure: failure.title } : {}),
  })
  return opened.ok
    ? { reason, failure: { title, ...(failure ? { said: failure.title } : {}) } }
    : null
}

// The core's answers to the session's messages (src-main/features/session/messages.ts): the
// kubeconfig's contexts and what the connected server says. Connecting itself is the core's
// (it owns the live session's life), passed in as `connect`. In a replay, the read-only answers
// are the recorded ones.
import { fail, ok, type Result } from '@common/result'
import { fetchHealth } from '../../core/health'
import { fetchAccessRules, fetchIdentity } from '../../core/identity'
import { loadKubeconfig, summarize } from '../../core/kubeconfig-loader'
import type { sessionSchemas } from './messages'
import type { InvokeAnswers, InvokeChannel } from '@common/contract'
import type { SessionInfo } from '@common/kube-types'
import { replayRefusal, type CoreContext, type HandlersFor } from '../../core/core-context'

/** A read-only answer in replay: what the recording kept, or the replay's refusal; null when live. */
function replayAnswer<C extends InvokeChannel>(
  core: CoreContext,
  channel: C,
): Result<InvokeAnswers[C]> | null {
  if (!core.replay) return null
  const answer = core.replay.answer(channel)
  return answer === undefined ? fail(replayRefusal) : ok(answer as InvokeAnswers[C])
}

export function sessionHandlers(
  core: CoreContext,
  connect: (context: string | undefined) => Promise<Result<SessionInfo>>,
): HandlersFor<keyof typeof sessionSchemas> {
  return {
    'kube:contexts': async () => {
      const loaded = loadKubeconfig(core.options.env, core.options.home)
      return loaded.ok ? ok(summarize(loaded.value)) : loaded
    },

    'kube:connect': async ({ context }) => connect(context),

    'kube:identity': async () => {
      const replayed = replayAnswer(core, 'kube:identity')
      if (replayed) return replayed
      const s = core.requireSession()
      if (!s.ok) return s
      const discovery = await s.value.getDiscovery()
      return fetchIdentity(s.value.transport, discovery.ok ? discovery.value.resources : [])
    },

    'kube:access-rules': async ({ namespace }) => {
      const replayed = replayAnswer(core, 'kube:access-rules')
      if (replayed) return replayed
      const s = core.requireSession()
      return s.ok ? fetchAccessRules(s.value.transport, namespace) : s
    },

    'kube:health': async () => {
      const replayed = replayAnswer(core, 'kube:health')
      if (replayed) return replayed
      const s = core.requireSession()
      return s.ok ? ok(await fetchHealth(s.value.transport)) : s
    },

    'kube:discovery': async ({ refresh }) => {
      const replayed = replayAnswer(core, 'kube:discovery')
      if (replayed) return replayed
      const s = core.requireSession()
      return s.ok ? s.value.getDiscovery(refresh === true) : s
    },

    'kube:request-log': async () =>
      ok(core.replay ? [...core.replay.requests] : core.requestLog.snapshot()),
  }
}

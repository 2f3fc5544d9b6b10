// The core's answers to the walkthroughs and rollout-trace messages
// (src-main/features/walkthroughs/messages.ts). The logic lives in src-main/features/walkthroughs/ and
// src-main/features/walkthroughs/rollout/; this file only connects it to the session.
import { fail, ok } from '@common/result'
import type { walkthroughsSchemas } from '@features/walkthroughs/messages'
import { RolloutTracer } from './rollout/rollout-tracer'
import { WalkthroughRunner } from './walkthrough-runner'
import { replayRefusal, type CoreContext, type HandlersFor } from '../../core/core-context'

export function walkthroughsHandlers(
  core: CoreContext,
): HandlersFor<keyof typeof walkthroughsSchemas> {
  const runner = new WalkthroughRunner(core.requestLog, core.audit)
  let tracer: RolloutTracer | null = null
  const stopTracer = () => {
    tracer?.stop()
    tracer = null
  }
  return {
    'walkthroughs:catalog': async () => ok({ scenarios: runner.catalog() }),
    'walkthroughs:plan': async ({ scenarioId }) => {
      const session = core.requireSession()
      return session.ok ? runner.plan(session.value, scenarioId) : session
    },
    'walkthroughs:start': async (args) => {
      const session = core.requireSession()
      return session.ok ? runner.start(session.value, args) : session
    },
    // A step sends to the live cluster: not from a replay (the run waits for the way back).
    'walkthroughs:step': async ({ runId }) =>
      core.replay ? fail(replayRefusal) : runner.step(runId),
    'walkthroughs:finish': async ({ runId }) => runner.finish(runId),
    'walkthroughs:cleanup-leftovers': async () => {
      const session = core.requireSession()
      return session.ok ? runner.cleanupLeftovers(session.value) : session
    },
    'rollout:start': async ({ namespace, name }) => {
      const session = core.requireSession()
      if (!session.ok) return session
      stopTracer()
      const traced = session.value
      const started = new RolloutTracer(
        traced.transport,
        { namespace, name },
        (trace) => {
          // A new connection (another context) ends the trace of the old one; a replay on screen
          // does not (the live session goes on under it, and the trace shows again on the way back).
          if (core.liveSession !== traced) {
            if (tracer === started) stopTracer()
            return
          }
          core.emit('rollout:trace', trace)
        },
        Date.now,
        core.audit,
      )
      tracer = started
      return ok(await started.start())
    },
    'rollout:stop': async () => {
      const had = tracer !== null
      stopTracer()
      return ok({ stopped: had })
    },
  }
}

// The core's answers to the recording messages (src-main/features/recording/messages.ts); the work
// is done by the RecordingController (src-main/features/recording/).
import type { recordingSchemas } from '@features/recording/messages'
import { ok } from '@common/result'
import type { RecordingController } from './recording-controller'
import { revealField } from './reveal-field'
import type { CoreContext, HandlersFor } from '../../core/core-context'

export function recordingHandlers(
  core: CoreContext,
  recording: RecordingController,
): HandlersFor<keyof typeof recordingSchemas> {
  return {
    'recording:status': async () => ok(recording.status()),
    'recording:start': async (options) => recording.start(options),
    'recording:stop': async () => ok(await recording.stop()),
    'recording:marker': async ({ note }) => recording.marker(note),
    'recording:list': async () => ok(recording.list()),
    'recording:open': async ({ name, source }) => recording.open(name, source),
    'recording:open-upload': async ({ fileName, base64 }) => recording.openUpload(fileName, base64),
    'recording:close': async () => ok(recording.close()),
    'recording:transport': async ({ action, value }) => recording.transport(action, value),
    'recording:export-range': async ({ fromMs, toMs, name }) =>
      recording.exportRange(fromMs, toMs, name),
    'recording:reveal': async ({ index, pointer }) => {
      const watches = core.requireWatches()
      return watches.ok ? revealField(watches.value.store, index, pointer) : watches
    },
  }
}

// English: the catalogue's reference, composed of one file per area (`<area>.en.ts`). Every key
// must have its French text in the area's `<area>.fr.ts` (the type there says so). The API's own
// words (verbs, kinds, reasons, codes, headers, field paths, the server's messages) are parameters
// or stay as they are in both languages. Keys are unique across areas (test/unit/i18n-catalogue).
import { shellEn } from './shell.en'
import { recordingEn } from './recording.en'
import { connectionEn } from './connection.en'
import { walkthroughsEn } from './walkthroughs.en'
import { overviewEn } from './overview.en'
import { discoveryEn } from './discovery.en'
import { cliEn } from './cli.en'
import { requestLogEn } from './request-log.en'
import { stagesEn } from './stages.en'
import { watchesEn } from './watches.en'
import { labEn } from './lab.en'
import { trafficEn } from './traffic.en'
import { kubectlProxyEn } from './kubectl-proxy.en'
import { ownershipEn } from './ownership.en'
import { rolloutEn } from './rollout.en'
import { attributionEn } from './attribution.en'
import { storeEn } from './store.en'

export const en = {
  ...shellEn,
  ...recordingEn,
  ...connectionEn,
  ...walkthroughsEn,
  ...overviewEn,
  ...discoveryEn,
  ...cliEn,
  ...requestLogEn,
  ...stagesEn,
  ...watchesEn,
  ...labEn,
  ...trafficEn,
  ...kubectlProxyEn,
  ...ownershipEn,
  ...rolloutEn,
  ...attributionEn,
  ...storeEn,
} as const

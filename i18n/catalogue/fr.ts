// French: exactly the keys of en.ts, area by area (each `<area>.fr.ts` is typed with its English
// area's keys, and this object with en's). As in the seed chapter, the API's own words stay as the
// API says them: verbs (list, patch), kinds, resourceVersion, field paths, reasons (Forbidden), HTTP
// codes, headers, the server's messages.
import type { en } from './en'
import { withFrenchSpacing } from '../french-spacing'
import { shellFr } from './shell.fr'
import { recordingFr } from './recording.fr'
import { connectionFr } from './connection.fr'
import { walkthroughsFr } from './walkthroughs.fr'
import { overviewFr } from './overview.fr'
import { discoveryFr } from './discovery.fr'
import { cliFr } from './cli.fr'
import { requestLogFr } from './request-log.fr'
import { stagesFr } from './stages.fr'
import { watchesFr } from './watches.fr'
import { labFr } from './lab.fr'
import { trafficFr } from './traffic.fr'
import { kubectlProxyFr } from './kubectl-proxy.fr'
import { ownershipFr } from './ownership.fr'
import { rolloutFr } from './rollout.fr'
import { attributionFr } from './attribution.fr'
import { storeFr } from './store.fr'

// Written with plain spaces; the no-break ones before : ; ! ? » are put in here (french-spacing.ts).
export const fr: { readonly [K in keyof typeof en]: string } = withFrenchSpacing({
  ...shellFr,
  ...recordingFr,
  ...connectionFr,
  ...walkthroughsFr,
  ...overviewFr,
  ...discoveryFr,
  ...cliFr,
  ...requestLogFr,
  ...stagesFr,
  ...watchesFr,
  ...labFr,
  ...trafficFr,
  ...kubectlProxyFr,
  ...ownershipFr,
  ...rolloutFr,
  ...attributionFr,
  ...storeFr,
})

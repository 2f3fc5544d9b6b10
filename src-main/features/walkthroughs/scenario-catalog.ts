// The built-in walkthroughs: data files in src-main/features/walkthroughs/scenarios/, in the order of the seed
// chapter (000) and then seeds 002/004. Each is parsed with the scenario schema when loaded, so a
// malformed file fails the unit tests rather than a class.
import { scenarioSchema, type Scenario } from '@features/walkthroughs/common/scenario-format'
import addresses from '@features/walkthroughs/scenarios/01-addresses-and-discovery.json'
import identities from '@features/walkthroughs/scenarios/02-four-identities.json'
import verbs from '@features/walkthroughs/scenarios/03-eight-verbs.json'
import concurrency from '@features/walkthroughs/scenarios/04-optimistic-concurrency.json'
import expired from '@features/walkthroughs/scenarios/05-watch-expired.json'
import paging from '@features/walkthroughs/scenarios/06-paging.json'
import table from '@features/walkthroughs/scenarios/07-table-responses.json'
import admission from '@features/walkthroughs/scenarios/08-admission-and-validation.json'
import subresources from '@features/walkthroughs/scenarios/09-subresources.json'
import ownership from '@features/walkthroughs/scenarios/10-field-ownership.json'
import health from '@features/walkthroughs/scenarios/11-health-and-metrics.json'
import applyPath from '@features/walkthroughs/scenarios/12-kubectl-apply-path.json'
import heartbeats from '@features/walkthroughs/scenarios/13-node-heartbeats.json'
import extensionPoints from '@features/walkthroughs/scenarios/14-extension-points.json'

const FILES: unknown[] = [
  addresses,
  identities,
  verbs,
  concurrency,
  expired,
  paging,
  table,
  admission,
  subresources,
  ownership,
  health,
  applyPath,
  heartbeats,
  extensionPoints,
]

export const SCENARIOS: Scenario[] = FILES.map((file) => scenarioSchema.parse(file)).sort(
  (a, b) => a.order - b.order,
)

export function scenarioById(id: string): Scenario | undefined {
  return SCENARIOS.find((s) => s.id === id)
}

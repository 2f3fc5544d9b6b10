// The bundled demo with no cluster (KUBECONFIG names a file that does not exist): Ownership, the
// request lab, live traffic and the rollout trace show what the recording kept, as if live, and
// say what they cannot do in a replay. Screenshots: docs/screenshots/replay-*.png.
import { expect, test, useDemoServe } from './fixtures'
import { demoFacts } from './demo-facts'
import { ApiscopePage } from './pages/apiscope-page'
import { LabPage } from './pages/lab-page'
import { OwnershipPage } from './pages/ownership-page'
import { TrafficPage } from './pages/traffic-page'
import { clickMarker } from './replay-markers'

const serve = useDemoServe()

const nav = (page: import('@playwright/test').Page, name: string) =>
  page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('button', { name: new RegExp(`^${name}`) })

test('every view works from the demo: ownership, lab, traffic, rollout trace', async ({ page }) => {
  test.setTimeout(180_000)
  const app = new ApiscopePage(page, serve.url)
  const banner = page.getByRole('region', { name: 'Replay controls' })
  const count = banner.getByLabel('Events replayed')
  const marker = (note: RegExp) => clickMarker(page, note)
  await app.open()
  await expect(banner.getByText('REPLAY', { exact: true })).toBeVisible()

  // Ownership: after --force-conflicts, vitrine's map, its history and the recorded what-if.
  await marker(/--force-conflicts/)
  await expect
    .poll(async () => Number((await count.textContent())?.split('/')[0]))
    .toBeGreaterThan(20)
  const own = new OwnershipPage(page)
  await own.open()
  await own.pickWatched('vitrine')
  await expect(own.legend).toContainText('equipe-web')
  await expect(own.row('.spec.replicas')).toBeVisible()
  await own.tab('Over time')
  await expect(own.steps).toContainText('kubectl-patch')
  await expect(own.steps).toContainText('equipe-web')
  await app.screenshot('replay-ownership')
  await own.tab('What-if apply')
  await expect(page.getByTestId('what-if-replay')).toContainText('needs a live cluster')
  await expect(page.getByTestId('what-if-recorded')).toContainText('equipe-web: conflict')
  await expect(own.conflict).toContainText('.spec.replicas')
  await expect(page.getByRole('button', { name: 'Dry-run apply' })).toBeDisabled()

  // The rollout trace: play through the rollout; the recorded traces arrive at their time.
  await marker(/A rollout/)
  await nav(page, 'Rollout trace').click()
  await expect(page.getByTestId('rollout-replay')).toContainText('No rollout traced')
  await banner.getByLabel('Replay speed').selectOption('4')
  await banner.getByRole('button', { name: 'Play', exact: true }).click()
  await expect(page.getByTestId('rollout-replay')).toContainText('vitrine in ch34')
  await expect(page.getByText(/The rollout is complete\./)).toBeVisible({ timeout: 40_000 })
  await banner.getByRole('button', { name: 'Pause', exact: true }).click()
  const diagram = page.getByTestId('rollout-diagram')
  await expect(diagram).toContainText('scheduler')
  await expect(page.getByTestId('node-heartbeat').first()).toHaveAttribute(
    'data-node',
    'noeud-demo',
  )
  await expect(page.getByRole('button', { name: 'Trace', exact: true })).toHaveCount(0)
  await app.screenshot('replay-rollout')

  // Walkthroughs send requests: they say they cannot run in a replay.
  await nav(page, 'Walkthroughs').click()
  await expect(page.getByTestId('walkthroughs-replay')).toContainText('cannot run in a replay')

  // The request lab: the 422 of Reglages_1, with its stage path; sending is off.
  const lab = new LabPage(page)
  await lab.open()
  // Reglages_1's answer is the last before the demo's policy step: seek to that step's marker.
  await marker(/Request lab: a ValidatingAdmissionPolicy refuses 7 replicas/)
  await expect(lab.result).toContainText('Reglages_1', { timeout: 20_000 })
  await expect(lab.status).toHaveText('422')
  await expect(lab.stagePath).toBeVisible()
  await expect(page.getByTestId('lab-stage-path')).toContainText(/validation/i)
  await expect(page.getByTestId('lab-replay')).toContainText('Sending is disabled')
  await expect(lab.send).toBeDisabled()
  await expect(lab.result).toContainText('Reglages_1')
  await app.screenshot('replay-lab')

  // The demo's ValidatingAdmissionPolicy: 7 replicas stopped at validating admission, named.
  const [policy] = demoFacts().deniedByPolicies
  expect(policy).toBe('ch34-max-replicas')
  await banner.getByRole('button', { name: 'Play', exact: true }).click()
  await expect(lab.result.getByTestId('policy-failure')).toHaveAttribute(
    'data-policy',
    `${policy}`,
    {
      timeout: 20_000,
    },
  )
  await banner.getByRole('button', { name: 'Pause', exact: true }).click()
  await expect(lab.status).toHaveText('422')
  await expect(lab.stagePath).toHaveAttribute('data-stopped-at', 'validating-admission')
  await expect(page.getByTestId('lab-explanation')).toContainText(
    `through its binding ${policy}-binding`,
  )
  await app.screenshot('replay-lab-policy-denied')

  // Live traffic: the audit stream as recorded, drawn as the replay plays.
  const traffic = new TrafficPage(page)
  await traffic.open()
  await marker(/Request lab: one list, four identities/)
  await banner.getByRole('button', { name: 'Play', exact: true }).click()
  await expect(traffic.list.locator('tbody tr[data-code]').first()).toBeVisible({ timeout: 20_000 })
  await expect(traffic.drawing.locator('g.dot').first()).toBeAttached({ timeout: 20_000 })
  // For the picture: a few requests in, not the first alone.
  await expect
    .poll(() => traffic.list.locator('tbody tr[data-code]').count(), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(4)
  // The view area keeps the lab's scroll: bring the drawing's top into view for the picture.
  await page.getByRole('heading', { name: 'Live traffic' }).scrollIntoViewIfNeeded()
  await app.screenshot('replay-traffic')
  await banner.getByRole('button', { name: 'Pause', exact: true }).click()
  await traffic.tab('Metrics')
  await expect(page.getByTestId('metrics-replay')).toContainText('read from a live API server')

  // A seek back starts the stream again: the list empties and fills again instead of doubling.
  const requestsTab = page
    .getByRole('tablist', { name: 'Live traffic views' })
    .getByRole('tab', { name: /^Requests/ })
  const kept = async () => Number((await requestsTab.textContent())?.replace(/\D/g, '') || 0)
  const before = await kept()
  expect(before).toBeGreaterThan(0)
  // One of the first markers, close together on the strip: clicked by mouse all the same.
  await marker(/POST creates reglages/)
  await expect.poll(kept).toBeLessThan(before)
})

test('in the demo, Ownership’s picker lists the replayed objects, grouped, as they arrive', async ({
  page,
}) => {
  const app = new ApiscopePage(page, serve.url)
  const banner = page.getByRole('region', { name: 'Replay controls' })
  await app.open()
  await expect(banner.getByText('REPLAY', { exact: true })).toBeVisible()
  const own = new OwnershipPage(page)
  await own.open()
  // Jump to the end of the recording: every object it holds is in the picker.
  await clickMarker(page, /A rollout/)
  await expect
    .poll(async () => (await own.watchedOptions()).length)
    .toBeGreaterThanOrEqual(demoFacts().objects)
  const options = await own.watchedOptions()
  expect(options).toEqual(expect.arrayContaining(['Deployment · ch34: vitrine']))
  // Nobody picked one: the map follows the object that changed most, the seed's vitrine.
  await expect(page.getByText('Deployment ch34/vitrine', { exact: true })).toBeVisible()
  expect(options.some((o) => o.startsWith('ConfigMap · ch34: '))).toBe(true)
  await own.watchedFilter.fill('vitrine')
  await expect
    .poll(async () => (await own.watchedOptions()).every((o) => o.includes('vitrine')))
    .toBe(true)
  await own.watchedFilter.fill('')
  await own.watchedSelect.focus()
  await app.screenshot('replay-ownership-picker')
})

// Discovery counts and lists what `kubectl api-resources` does, against the real server: each
// resource once per group at the version kubectl uses. On 1.20, CronJobs are served only as
// batch/v1beta1 while batch prefers v1: they are listed there, and counted.
import { expect, test } from './fixtures'
import { kubectl } from './kubectl'

test('Discovery shows as many resources as kubectl api-resources, CronJobs included', async ({
  apiscope,
  cluster,
}) => {
  const names = kubectl(cluster, 'api-resources', '-o', 'name').trim().split('\n')
  const batch = names.filter((n) => n.endsWith('.batch')).length
  await apiscope.open()
  await expect(apiscope.statusPill).toContainText('Connected')
  await apiscope.goTo('Discovery')
  const summary = apiscope.page.locator('.summary')
  await expect(summary).toContainText(`${names.length} resources in`)
  const groups = apiscope.page.getByRole('complementary', { name: 'Groups' })
  // A group's row: its name as a button (named with its count), then the count.
  const batchGroup = groups.getByRole('button', { name: /^batch: \d+ resources?$/ })
  const batchRow = batchGroup.locator('xpath=ancestor::tr')
  await expect(batchRow.locator('td.num')).toHaveText(String(batch))
  await batchGroup.click()
  const cronjobs = apiscope.resourcesTable.locator('tr[data-resource$=" cronjobs"]')
  await expect(cronjobs).toHaveCount(1)
  if (cluster.series === '1.20') {
    await expect(cronjobs).toHaveAttribute('data-resource', 'batch/v1beta1 cronjobs')
    await expect(cronjobs).toContainText('(not in v1)')
  } else await expect(cronjobs).toHaveAttribute('data-resource', 'batch/v1 cronjobs')
  await apiscope.screenshot(`discovery-batch-${cluster.series}`)
})

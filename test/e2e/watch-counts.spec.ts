// The Watches card's counts as a person reads them, in English and French: each label in the plural
// its number takes (French puts 0 and 1 in the singular, English 1 only). A namespace holding one
// ConfigMap (kube-root-ca.crt) is listed then watched: 1 object listed, 0 watch events; one
// ConfigMap created: 1 watch event; another: 2. A streaming list of one of them ends after 1
// initial event, said in the singular; the watches' filter counts "1 of 2 watches".
import type { Locator, Page } from '@playwright/test'
import { translate, type Locale } from '../../i18n/translate'
import { expect, test } from './fixtures'
import { kubectl } from './kubectl'

/** The card tiles with a count, by test id or by their label's catalogue key. */
const TILES = [
  'watch.dtListed',
  'watch.dtWatchEvents',
  'watch.dtBookmarks',
  'watch.dtRelists',
  'watch.dtReconnects',
  'watch.dtResumes',
] as const

/** Every tile's label agrees with the number under it ("—": none yet, the plural). */
async function expectLabelsAgree(card: Locator, lang: Locale): Promise<void> {
  for (const key of TILES) {
    const forms = [1, 2].map((count) => translate(lang, key, { count }))
    const tile = card.locator('dl > div').filter({
      has: card
        .page()
        .locator('dt')
        .getByText(new RegExp(`^(${forms.join('|')})$`, 'i')),
    })
    await expect(tile, `${key} in ${lang}`).toHaveCount(1)
    const shown = ((await tile.locator('dd').textContent()) ?? '').replace(/\D/g, '')
    const count = shown === '' ? Number.POSITIVE_INFINITY : Number(shown)
    await expect(tile.locator('dt'), `${key} = ${shown} in ${lang}`).toHaveText(
      translate(lang, key, { count }),
      { ignoreCase: true },
    )
  }
}

async function speak(page: Page, lang: Locale): Promise<void> {
  await page.locator(`nav.side [data-locale="${lang}"]`).first().click()
  await expect(page.locator('html')).toHaveAttribute('lang', lang)
}

test('the Watches card says 1 watch event and 2 watch events, in English and French', async ({
  apiscope,
  cluster,
}) => {
  const page = apiscope.page
  const ns = `e2e-counts-${Date.now().toString(36)}`
  kubectl(cluster, 'create', 'namespace', ns)
  try {
    // The namespace's own ConfigMap, published by the controller manager.
    await expect
      .poll(() => kubectl(cluster, 'get', 'configmaps', '-n', ns, '-o', 'name'))
      .toContain('kube-root-ca.crt')
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.startWatch('/v1/configmaps', ns)
    await page.getByRole('tab', { name: 'Watches & lists' }).click()
    const health = page.getByTestId('watch-health')
    const card = health.getByRole('article').first()
    const listed = card.getByTestId('watch-listed')
    const events = card.getByTestId('watch-events')
    await expect(card.getByTestId('watch-state')).toHaveText('watching')
    await expect(listed.locator('dd')).toHaveText('1')
    await expect(listed.locator('dt')).toHaveText('object listed', { ignoreCase: true })
    await expect(events.locator('dd')).toHaveText('0')
    await expect(events.locator('dt')).toHaveText('watch events', { ignoreCase: true })
    await expectLabelsAgree(card, 'en')
    await speak(page, 'fr')
    await expect(listed.locator('dt')).toHaveText('objet listé', { ignoreCase: true })
    await expect(events.locator('dt')).toHaveText('événement du watch', { ignoreCase: true })
    await expectLabelsAgree(card, 'fr')

    const expected = {
      1: { en: 'watch event', fr: 'événement du watch' },
      2: { en: 'watch events', fr: 'événements du watch' },
    } as const
    for (const n of [1, 2] as const) {
      kubectl(cluster, 'create', 'configmap', `carton-${n}`, '-n', ns, `--from-literal=n=${n}`)
      await expect(events.locator('dd')).toHaveText(String(n))
      for (const lang of ['fr', 'en'] as const) {
        await speak(page, lang)
        await expect(events.locator('dt')).toHaveText(expected[n][lang], { ignoreCase: true })
        await expectLabelsAgree(card, lang)
      }
    }
    await apiscope.screenshot('watch-counts-card')

    // A streaming list of one object: its 1 initial event, in the singular.
    await page.getByLabel('Field selector').fill('metadata.name=carton-1')
    await page.getByLabel('How the watch starts').selectOption({ label: 'streaming list' })
    await page.getByRole('button', { name: 'Start watch' }).click()
    const stream = health.getByRole('article', { name: 'Watch 2' })
    if (cluster.version.startsWith('v1.20.')) {
      // 1.20 serves no streaming list: the card says the server refused it, and what to do.
      await expect(stream.getByTestId('watch-state')).toHaveText('failed')
      await expect(stream).toContainText('the server refused the streaming list (422')
      await expect(stream).toContainText('start this watch as auto or list then watch')
      return
    }
    await expect(stream).toContainText(
      /watching from \d+, where the streaming list's 1 initial event ended/,
    )
    await expect(health.getByTestId('watch-filter')).toBeVisible()
    await health.getByTestId('watch-filter').fill('metadata.name')
    await expect(health).toContainText('1 of 2 watches')
    await expectLabelsAgree(stream, 'en')
    await speak(page, 'fr')
    await expect(stream).toContainText(
      /watch depuis \d+, où la liste en flux s’est terminée après 1 événement initial/,
    )
    await expect(health).toContainText('1 sur 2 watches')
    await expectLabelsAgree(stream, 'fr')
    await apiscope.screenshot('fr-watch-counts-stream')
    await speak(page, 'en')
  } finally {
    kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
  }
})

// The what-if form against the real server: it starts from the object opened (not the chapter's
// vitrine sample), its kubectl line wraps between words only (never inside --field-manager), and
// an error whose title is one long path stays inside its card.
import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures'
import { OwnershipPage } from './pages/ownership-page'
import { kubectlWithInput as kubectl } from './kubectl'

/** Every space-separated word of a code element that the browser broke over two lines. */
async function wordsBrokenAcrossLines(code: Locator): Promise<string[]> {
  return code.evaluate((el) => {
    const doc = el.ownerDocument
    const broken: string[] = []
    const walker = doc.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      for (const m of text.matchAll(/\S+/g)) {
        const range = doc.createRange()
        range.setStart(node, m.index)
        range.setEnd(node, m.index + m[0].length)
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
        if (tops.size > 1) broken.push(m[0])
      }
    }
    return broken
  })
}

test('the what-if starts from the object opened, its kubectl line and errors fit', async ({
  apiscope,
  cluster,
}) => {
  test.setTimeout(90_000)
  const ns = `e2e-whatif-${Date.now().toString(36)}`
  kubectl(cluster, null, 'create', 'namespace', ns)
  try {
    // A narrow window, where the kubectl line has to wrap.
    await apiscope.page.setViewportSize({ width: 1024, height: 768 })
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await apiscope.startWatch('/v1/configmaps', ns)
    await expect(apiscope.page.getByTestId('timeline-chart')).toContainText('kube-root-ca.crt')
    kubectl(
      cluster,
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: reglages\ndata:\n  couleur: bleu\n`,
      'apply',
      '--server-side',
      '--field-manager=equipe-reglages',
      '-n',
      ns,
      '-f',
      '-',
    )
    await expect(apiscope.page.getByTestId('timeline-chart')).toContainText('reglages')

    const own = new OwnershipPage(apiscope.page)
    await own.open()
    await own.pickWatched(`ConfigMap ${ns} reglages`)
    await expect(own.legend).toContainText('equipe-reglages')
    await own.tab('What-if apply')
    // The form holds the object opened, as a manifest, and the manager that applied it.
    await expect(own.manifest).toHaveValue(/name: reglages/)
    await expect(own.manifest).toHaveValue(new RegExp(`namespace: ${ns}`))
    await expect(own.manifest).toHaveValue(/couleur: bleu/)
    await expect(own.manifest).not.toHaveValue(/vitrine|managedFields|resourceVersion|uid:/)
    await expect(apiscope.page.getByLabel('Field manager')).toHaveValue('equipe-reglages')
    await apiscope.page.getByRole('button', { name: 'Dry-run apply' }).click()
    await expect(own.result).toContainText('200 would apply')
    await apiscope.screenshot('what-if-prefilled')

    // A longer manager name in a narrow column: the line wraps, between words only.
    await apiscope.page.getByLabel('Field manager').fill('equipe-reglages-du-mardi')
    const code = apiscope.page.getByRole('form', { name: 'What-if apply' }).locator('code')
    await expect(code).toContainText('--field-manager=equipe-reglages-du-mardi')
    const lineCount = await code.evaluate((el) => {
      const range = el.ownerDocument.createRange()
      range.selectNodeContents(el)
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
    })
    expect(lineCount).toBeGreaterThan(1)
    expect(await wordsBrokenAcrossLines(code)).toEqual([])

    // Another object opened while the form is untouched: the form follows it. Once edited, the
    // form is the user's and stays.
    await own.tab('Map')
    await own.pickWatched(`ConfigMap ${ns} kube-root-ca.crt`)
    await own.tab('What-if apply')
    await expect(own.manifest).toHaveValue(/name: kube-root-ca.crt/)
    await own.manifest.fill(
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: mine\n  namespace: ${ns}\n`,
    )
    await own.tab('Map')
    await own.pickWatched(`ConfigMap ${ns} reglages`)
    await own.tab('What-if apply')
    await expect(own.manifest).toHaveValue(/name: mine/)

    // An error whose title is one long path (a 422 from the server) stays inside its card.
    await own.whatIf(
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: selecteur-qui-ne-correspond-pas\n  namespace: ${ns}\nspec:\n  selector:\n    matchLabels:\n      app: a\n  template:\n    metadata:\n      labels:\n        app: b\n    spec:\n      containers:\n        - name: c\n          image: registry.k8s.io/e2e-test-images/agnhost:2.61\n`,
      'equipe-reglages',
    )
    const alert = apiscope.page.getByRole('alert')
    await expect(alert).toContainText('answered 422')
    const title = alert.locator('.title')
    const fits = await title.evaluate((el) => {
      const card = el.closest('.answer')
      if (!card) throw new Error('no answer card')
      const t = el.getBoundingClientRect()
      const c = card.getBoundingClientRect()
      return {
        inside: t.right <= c.right + 0.5 && t.left >= c.left - 0.5,
        noOverflow: el.scrollWidth <= el.clientWidth + 1,
        cardNoScroll: card.scrollWidth <= card.clientWidth + 1,
      }
    })
    expect(fits).toEqual({ inside: true, noOverflow: true, cardNoScroll: true })
    await apiscope.screenshot('what-if-error-fits')
  } finally {
    kubectl(cluster, null, 'delete', 'namespace', ns, '--wait=false')
  }
})

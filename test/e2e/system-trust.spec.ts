// A user whose kubeconfig names no CA for the cluster (the cluster's CA is in the system's trust
// store, as a company's is): Apiscope checks the server against the system's trusted CAs, as
// kubectl does. The serve process's store is moved with SSL_CERT_FILE and SSL_CERT_DIR (Linux).
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { kubeconfigWithoutCa, systemStoreOf } from '../cluster/kubeconfig-files'
import { expect, startServe, test } from './fixtures'
import { auditLayout, FITS } from './layout-audit'
import { ApiscopePage } from './pages/apiscope-page'
import { readsSystemStore } from '../../src-main/core/system-trust'

async function openWithSystemStore(
  page: import('@playwright/test').Page,
  cluster: { kubeconfig: string; dir: string },
  caFile: string,
  check: (app: ApiscopePage) => Promise<void>,
) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'apiscope-system-trust-'))
  const serve = await startServe({
    KUBECONFIG: kubeconfigWithoutCa(cluster.kubeconfig, dir),
    HOME: '/nonexistent',
    ...systemStoreOf(caFile, dir),
  })
  try {
    const app = new ApiscopePage(page, serve.url)
    await app.open()
    await check(app)
  } finally {
    await serve.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

test('a kubeconfig without a CA: a server no system CA signed is refused, and the card says what to do', async ({
  page,
  cluster,
}) => {
  await openWithSystemStore(
    page,
    cluster,
    path.join(cluster.dir, 'pki/other-ca.crt'),
    async (app) => {
      const error = page.locator('[data-error-kind="tls-ca"]')
      await expect(error).toContainText('not signed by a CA this computer trusts')
      await expect(error).toContainText("or to the system's trust store")
      await expect(error).toContainText('unable to verify the first certificate')
      await expect(error).not.toContainText('Node.js')
      expect(await auditLayout(page), 'layout of the connection card').toEqual(FITS)
      await app.screenshot('connect-no-ca-system-refused')
      // The same card in French: the catalogue's words, in the card's box.
      await app.setLanguage('fr')
      await expect(error).toContainText(
        'n’est signé par aucune CA à laquelle cet ordinateur se fie',
      )
      await expect(error).toContainText('au magasin de confiance du système')
      expect(await auditLayout(page), 'layout of the French connection card').toEqual(FITS)
      await app.screenshot('connect-no-ca-system-refused-fr')
      await app.setLanguage('en')
    },
  )
})

test('a kubeconfig without a CA connects when the system trusts the cluster’s CA', async ({
  page,
  cluster,
}) => {
  test.skip(
    !readsSystemStore,
    `Node ${process.version} cannot read the system's trust store (22.15 or newer can)`,
  )
  await openWithSystemStore(page, cluster, path.join(cluster.dir, 'pki/ca.crt'), async (app) => {
    await expect(app.statusPill).toContainText(`Connected · ${cluster.version}`)
    await expect(app.identity.getByTestId('username')).toHaveText('minikube-user')
    await expect(app.health).toContainText('readyz check passed')
    await app.screenshot('connect-no-ca-system-trusted')
  })
})

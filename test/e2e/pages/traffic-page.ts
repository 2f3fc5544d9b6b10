// Page object for the Live traffic view: its tabs, the audit sources, the drawing and the list.
import { expect, type Locator, type Page } from '@playwright/test'
import type { ApiscopePage } from './apiscope-page'

export class TrafficPage {
  readonly drawing: Locator
  readonly list: Locator
  readonly detail: Locator

  constructor(readonly page: Page) {
    this.drawing = page.getByRole('figure', { name: 'Requests through the API server, live' })
    this.list = page.getByRole('region', { name: 'Latest requests' })
    this.detail = page.getByRole('complementary', { name: 'Request detail' })
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Live traffic' })
      .click()
  }

  async tab(name: 'Requests' | 'Setup' | 'Metrics' | 'Priority & Fairness'): Promise<void> {
    await this.page
      .getByRole('tablist', { name: 'Live traffic views' })
      .getByRole('tab', { name: new RegExp(`^${name.replace(/[&]/g, '\\$&')}`) })
      .click()
  }

  /**
   * Starts the audit webhook on the URL the API server posts to. One runs at a time (Start webhook
   * is disabled meanwhile): one already on that port is kept, one elsewhere stopped first.
   */
  async startWebhook(url: string): Promise<void> {
    await this.tab('Setup')
    const u = new URL(url)
    const running = this.page.locator('tr[data-source="webhook"]', {
      has: this.page.getByText('running', { exact: true }),
    })
    if (await running.filter({ hasText: `:${u.port}/` }).count()) return
    await this.stopRunning('webhook')
    await this.page.getByLabel('Port', { exact: true }).fill(u.port)
    await this.page.getByLabel('URL path', { exact: true }).fill(u.pathname)
    await this.page.getByRole('button', { name: 'Start webhook' }).click()
  }

  /**
   * Where the tests of live traffic begin: the app opened and connected, Live traffic open, the
   * audit webhook started on the URL the API server posts to (left on the Setup tab).
   */
  async connectWithWebhook(apiscope: ApiscopePage, webhookUrl: string): Promise<void> {
    await apiscope.open()
    await expect(apiscope.statusPill).toContainText('Connected')
    await this.open()
    await this.startWebhook(webhookUrl)
  }

  /** connectWithWebhook, then the Requests tab: the drawing and the list, requests flowing in. */
  async openLiveRequests(apiscope: ApiscopePage, webhookUrl: string): Promise<void> {
    await this.connectWithWebhook(apiscope, webhookUrl)
    await this.tab('Requests')
  }

  /**
   * Follows the API server's JSON audit log at `file` (a tail), until its row says running. A log
   * an earlier test left followed is stopped first: two tails of one file would list each request
   * twice, and its row would stand beside the new one.
   */
  async followLog(file: string): Promise<void> {
    await this.tab('Setup')
    await this.stopRunning('log-file')
    await this.page.getByLabel('Log file').fill(file)
    await this.page.getByRole('button', { name: 'Follow log' }).click()
    await expect(this.page.locator('tr[data-source="log-file"]')).toContainText('running')
  }

  /** Stops every audit source that runs (another test's webhook may still be on), then Requests. */
  async stopSources(): Promise<void> {
    await this.tab('Setup')
    await this.stopRunning()
    await this.tab('Requests')
  }

  /** On the Setup tab: stops every running audit source of this kind (every kind if none). */
  private async stopRunning(kind?: 'webhook' | 'log-file'): Promise<void> {
    const running = this.page.locator(kind ? `tr[data-source="${kind}"]` : 'tr[data-source]', {
      has: this.page.getByText('running', { exact: true }),
    })
    while ((await running.count()) > 0)
      await running
        .first()
        .getByRole('button', { name: 'Stop' })
        .click({ timeout: 5000 })
        .catch(() => undefined) // the row may leave as the click lands
  }

  /**
   * Records every dot the drawing shows from now on, by code and stop, once it has arrived. Dots
   * fade after a few seconds: checking several one after another races their fading, so the
   * checks ask what was drawn (`drawn`), not what is still on screen. Called again, it forgets
   * what it had seen.
   */
  async recordDots(): Promise<void> {
    await this.page.locator('html').evaluate((html) => {
      const doc = html.ownerDocument
      const w = doc.defaultView as unknown as {
        __apiscopeDots?: Set<string>
        MutationObserver: new (callback: () => void) => {
          observe(target: unknown, options: Record<string, unknown>): void
        }
      }
      if (w.__apiscopeDots) {
        w.__apiscopeDots.clear()
        return
      }
      const seen = new Set<string>()
      w.__apiscopeDots = seen
      const note = () => {
        for (const g of doc.querySelectorAll('g.dot[data-arrived="true"]'))
          seen.add(`${g.getAttribute('data-code')}|${g.getAttribute('data-stopped-at')}`)
      }
      new w.MutationObserver(note).observe(doc.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-arrived'],
      })
      note()
    })
  }

  /** Whether a dot with this code stopping at this stage was drawn since recordDots(). */
  drawn(code: number, stoppedAt: string): Promise<boolean> {
    return this.page
      .locator('html')
      .evaluate(
        (html, key) =>
          (
            html.ownerDocument.defaultView as unknown as { __apiscopeDots?: Set<string> }
          ).__apiscopeDots?.has(key) ?? false,
        `${code}|${stoppedAt}`,
      )
  }
}

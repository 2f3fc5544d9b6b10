// Page object for the Apiscope window: what a user looks at and clicks, by role and label.
import path from 'node:path'
import { expect, type Locator, type Page } from '@playwright/test'
import { refreshDocsScreenshot, SCREENSHOTS } from '../artifacts'

export class ApiscopePage {
  readonly contextSelect: Locator
  readonly statusPill: Locator
  readonly identity: Locator
  readonly health: Locator
  readonly accessRules: Locator
  readonly resourcesTable: Locator
  readonly requestLog: Locator

  constructor(
    readonly page: Page,
    private readonly url: string,
  ) {
    this.contextSelect = page.getByLabel('Kubernetes context')
    this.statusPill = page.getByRole('status')
    this.identity = page.getByTestId('identity')
    this.health = page.getByTestId('health')
    this.accessRules = page.getByTestId('access-rules')
    this.resourcesTable = page.getByTestId('resources-table')
    this.requestLog = page.getByTestId('request-log')
  }

  async open(): Promise<void> {
    await this.page.goto(this.url)
  }

  async chooseContext(name: string): Promise<void> {
    await this.contextSelect.selectOption(name)
  }

  async goTo(view: 'Overview' | 'Discovery' | 'Watches' | 'Requests'): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: view })
      .click()
  }

  /** The side bar's language switch, as a person clicks it (its group is named in the current language). */
  async setLanguage(lang: 'en' | 'fr'): Promise<void> {
    await this.page
      .getByRole('group', { name: /^(Language|Langue)$/ })
      .getByRole('button', { name: lang === 'fr' ? 'FR, Français' : 'EN, English', exact: true })
      .click()
  }

  /**
   * Opens the Watches view and starts a watch, as a user fills the picker. Lists then watches
   * unless told otherwise: the tests that do not name a mode are about lists.
   */
  async startWatch(
    resource: string,
    namespace: string,
    pageSize?: number,
    mode: 'auto' | 'list then watch' | 'streaming list' = 'list then watch',
  ): Promise<void> {
    await this.goTo('Watches')
    await this.page.getByLabel('Resource to watch').selectOption(resource)
    await this.page.getByLabel('Namespace to watch').fill(namespace)
    await this.page.getByLabel('How the watch starts').selectOption({ label: mode })
    if (pageSize !== undefined)
      await this.page.getByLabel('Page size (limit)').fill(String(pageSize))
    await this.page.getByRole('button', { name: 'Start watch' }).click()
  }

  /**
   * Opens the saved recording from Replay… (the one row saved by this test), plays it at 16× and
   * waits until every event is replayed. Returns the replay banner.
   */
  async replaySavedToEnd(timeout: number): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Replay a recording' }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Open a recording' })
    await dialog.getByRole('row', { name: /saved/ }).getByRole('button', { name: 'Open' }).click()
    const banner = this.page.getByRole('region', { name: 'Replay controls' })
    await expect(banner.getByText('REPLAY', { exact: true })).toBeVisible()
    await banner.getByLabel('Replay speed').selectOption('16')
    await banner.getByRole('button', { name: 'Play', exact: true }).click()
    await expect(banner.getByLabel('Events replayed')).toHaveText(/^(\d+)\/\1 events$/, {
      timeout,
    })
    return banner
  }

  /** Saved in test/artifacts; also refreshes the README's copy when asked (artifacts.ts). */
  async screenshot(name: string): Promise<string> {
    const file = path.join(SCREENSHOTS, `${name}.png`)
    await this.page.screenshot({ path: file })
    refreshDocsScreenshot(file, name)
    return file
  }
}

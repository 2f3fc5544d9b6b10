// Page object for the Field ownership view: the picker, its three tabs and the what-if form.
import type { Locator, Page } from '@playwright/test'

export class OwnershipPage {
  readonly tree: Locator
  readonly legend: Locator
  readonly lanes: Locator
  readonly steps: Locator
  readonly conflict: Locator
  readonly result: Locator
  readonly manifest: Locator
  readonly watchedFilter: Locator
  readonly watchedSelect: Locator

  constructor(readonly page: Page) {
    this.tree = page.getByTestId('ownership-tree')
    this.legend = page.getByTestId('manager-legend')
    this.lanes = page.getByTestId('ownership-lanes')
    this.steps = page.getByTestId('ownership-steps')
    this.conflict = page.getByTestId('what-if-conflict')
    this.result = page.getByTestId('what-if-result')
    this.manifest = page.getByLabel('Manifest (YAML or JSON)')
    this.watchedFilter = page.getByLabel('Filter watched objects')
    this.watchedSelect = page.getByLabel('Watched object', { exact: true })
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Ownership' })
      .click()
  }

  async tab(name: 'Map' | 'Over time' | 'What-if apply'): Promise<void> {
    await this.page
      .getByRole('tablist', { name: 'Ownership views' })
      .getByRole('tab', { name })
      .click()
  }

  /**
   * Picks a watched object as a user does: types in the picker's filter (`Deployment ns/name`,
   * or any words of its kind, namespace and name), then chooses the first object left.
   */
  async pickWatched(filter: string): Promise<void> {
    await this.watchedFilter.fill(filter)
    const option = this.watchedSelect.locator('option:not([disabled])').first()
    await option.waitFor({ state: 'attached' })
    await this.watchedSelect.selectOption({ value: (await option.getAttribute('value')) ?? '' })
  }

  /** The watched objects the picker offers: "group label: name" for each, in order. */
  async watchedOptions(): Promise<string[]> {
    return this.watchedSelect
      .locator('optgroup')
      .evaluateAll((groups) =>
        groups.flatMap((g) =>
          [...g.querySelectorAll('option')].map(
            (o) => `${g.getAttribute('label')}: ${(o.textContent ?? '').split(' · ')[0]?.trim()}`,
          ),
        ),
      )
  }

  /** Opens any object by resource (`group/version/resource`), namespace and name. */
  async openByName(resource: string, namespace: string, name: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Open any object' })
    await form.getByLabel('Resource').selectOption(resource)
    await form.getByLabel('Namespace', { exact: true }).fill(namespace)
    await form.getByLabel('Name', { exact: true }).fill(name)
    await form.getByRole('button', { name: 'Open' }).click()
  }

  row(field: string): Locator {
    return this.tree.locator(`[data-field='${field}']`)
  }

  async whatIf(manifest: string, manager: string, force = false): Promise<void> {
    await this.manifest.fill(manifest)
    await this.page.getByLabel('Field manager').fill(manager)
    const box = this.page.getByRole('checkbox', { name: 'force' })
    if ((await box.isChecked()) !== force) await box.click()
    await this.page.getByRole('button', { name: 'Dry-run apply' }).click()
  }
}

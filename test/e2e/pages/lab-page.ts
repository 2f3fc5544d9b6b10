// Page object for the Request lab: presets, the composer, the stage path and the result.
import type { Locator, Page } from '@playwright/test'

export class LabPage {
  readonly namespace: Locator
  readonly send: Locator
  readonly stagePath: Locator
  readonly result: Locator
  readonly status: Locator
  readonly diff: Locator

  constructor(readonly page: Page) {
    this.namespace = page.getByTestId('lab-namespace')
    this.send = page.getByTestId('lab-send')
    this.stagePath = page.getByTestId('lab-stage-path').locator('figure')
    this.result = page.getByTestId('lab-result')
    this.status = page.getByTestId('lab-status')
    this.diff = page.getByTestId('lab-dry-run-diff')
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Request lab' })
      .click()
  }

  async preset(id: string): Promise<void> {
    await this.page.locator(`[data-preset="${id}"]`).click()
  }

  stage(id: string): Locator {
    return this.stagePath.locator(`[data-stage="${id}"]`)
  }

  /** Waits until the travelling request has reached where it stopped. */
  async settled(): Promise<void> {
    await this.stagePath.and(this.page.locator('[data-settled="true"]')).waitFor()
  }
}

// Page object for the walkthroughs and the rollout trace: pick a walkthrough, agree to its plan,
// send steps and move on; read the trace's arrows and the nodes' heartbeats.
import type { Locator, Page } from '@playwright/test'

export class WalkthroughsPage {
  readonly plan: Locator
  readonly planNamespace: Locator
  readonly start: Locator
  readonly send: Locator
  readonly next: Locator
  readonly finish: Locator
  readonly stepTitle: Locator
  readonly narration: Locator
  readonly previews: Locator
  readonly outcomes: Locator
  readonly diagram: Locator
  /** The step's "Look at …" button: switches view and marks the step's requests or object. */
  readonly look: Locator

  constructor(readonly page: Page) {
    this.plan = page.getByTestId('walkthrough-plan')
    this.planNamespace = page.getByTestId('plan-namespace')
    this.start = page.getByTestId('walkthrough-start')
    this.send = page.getByTestId('walkthrough-send')
    this.next = page.getByTestId('walkthrough-next')
    this.finish = page.getByTestId('walkthrough-finish')
    this.stepTitle = page.getByTestId('step-title')
    this.narration = page.getByTestId('narration')
    this.previews = page.getByTestId('request-preview')
    this.outcomes = page.getByTestId('request-outcome')
    this.diagram = page.getByTestId('rollout-diagram')
    this.look = page.getByTestId('walkthrough-look')
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Views' })
      .getByRole('button', { name: 'Walkthroughs' })
      .click()
  }

  async choose(title: RegExp | string): Promise<void> {
    await this.page.getByRole('list').getByRole('button', { name: title }).click()
  }

  /** Sends the current step, waits for its outcome, and moves to the next one. */
  async sendAndNext(): Promise<void> {
    await this.send.click()
    await this.next.waitFor()
    await this.next.click()
  }

  arrow(id: string): Locator {
    return this.diagram.locator(`[data-arrow^="${id}"]`)
  }
}

// The store's budget as a setting (docs/adr/0019): what the core's store may keep of versions and
// events before it folds the oldest away. Remembered on this computer (localStorage, like the
// presenter's choices) and given to the core when the app starts; null follows the core's default
// (DEFAULT_STORE_BUDGET_MB, or what `apiscope serve --store-budget` started it with).
import type { ApiscopeApi } from '@common/bridge-types'
import type { UiError } from '@common/result'

const KEY = 'apiscope.storeBudget'

function loadSaved(): number | null {
  try {
    const saved = (JSON.parse(localStorage.getItem(KEY) ?? '{}') as { mb?: unknown }).mb
    return typeof saved === 'number' && Number.isFinite(saved) && saved >= 0 ? saved : null
  } catch {
    return null
  }
}

export class StoreBudgetState {
  /** In force in the core; null until it answered. */
  budgetMb = $state<number | null>(null)
  /** The core's default, what Default goes back to. */
  defaultMb = $state<number | null>(null)
  /** The person's choice; null: the default. */
  saved = $state<number | null>(loadSaved())
  error = $state.raw<UiError | null>(null)

  constructor(private readonly api: ApiscopeApi) {
    void this.apply(this.saved, false)
  }

  /** Sets the budget (null: the default), remembers it, and tells the core. */
  async set(mb: number | null): Promise<void> {
    await this.apply(mb, true)
  }

  private async apply(mb: number | null, remember: boolean): Promise<void> {
    const res =
      mb === null && !remember
        ? await this.api.storeBudget({})
        : await this.api.setStoreBudget({ mb })
    if (!res.ok) {
      this.error = res.error
      return
    }
    this.error = null
    this.budgetMb = res.value.budgetMb
    this.defaultMb = res.value.defaultMb
    if (!remember) return
    this.saved = mb
    try {
      if (mb === null) localStorage.removeItem(KEY)
      else localStorage.setItem(KEY, JSON.stringify({ mb }))
    } catch {
      // Private windows may refuse storage: the choice then lasts for this page only.
    }
  }
}

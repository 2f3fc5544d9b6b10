// The store's budget as a setting (docs/adr/0019): what the core's store may keep of versions and
// events before it folds the oldest away. The core applies it and remembers it in its settings
// file (~/.apiscope/settings.json), so the desktop app and browser mode, whatever its port, find
// it again; null goes back to the default (DEFAULT_STORE_BUDGET_MB, or `--store-budget`).
import type { ApiscopeApi } from '@common/bridge-types'
import type { UiError } from '@common/result'
import type { StoreBudget } from '@common/watch-types'

export class StoreBudgetState {
  /** As the core said last; null until it answered. */
  current = $state.raw<StoreBudget | null>(null)
  error = $state.raw<UiError | null>(null)

  constructor(private readonly api: ApiscopeApi) {}

  /** Reads the setting (Watches & lists shows it). */
  async load(): Promise<void> {
    this.take(await this.api.storeBudget({}))
  }

  /** Sets the budget in MB (null: the default); the core applies and remembers it. */
  async set(mb: number | null): Promise<void> {
    this.take(await this.api.setStoreBudget({ mb }))
  }

  private take(res: Awaited<ReturnType<ApiscopeApi['storeBudget']>>): void {
    if (res.ok) {
      this.current = res.value
      this.error = null
    } else this.error = res.error
  }
}

// The store's budget as a setting (docs/adr/0019): the core answers what is in force and its
// default, applies a change, and remembers it in its settings file for the next core; an explicit
// --store-budget (CoreOptions.storeBudgetMb) wins for its run; Default forgets the choice.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { StoreBudget } from '@common/watch-types'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { DEFAULT_STORE_BUDGET_MB } from '../../src-main/core/watch/version-folding'

// Imported once the tests run (its loading is slow on a busy machine: the hook's own timeout).
let Core: typeof ApiscopeCore
beforeAll(async () => {
  Core = (await import('../../src-main/assembly/apiscope-core')).ApiscopeCore
}, 120_000)

const cores: ApiscopeCore[] = []
afterEach(() => cores.splice(0).forEach((c) => c.close()))

function core(settingsFile: string | undefined, storeBudgetMb?: number): ApiscopeCore {
  const c = new Core({
    host: 'browser',
    version: 'test',
    home: '/nonexistent',
    ...(settingsFile ? { settingsFile } : {}),
    ...(storeBudgetMb !== undefined ? { storeBudgetMb } : {}),
  })
  cores.push(c)
  return c
}

async function budget(c: ApiscopeCore, mb?: number | null): Promise<StoreBudget> {
  const res =
    mb === undefined
      ? await c.invoke('watch:store-budget', {})
      : await c.invoke('watch:set-store-budget', { mb })
  if (!res.ok) throw new Error(res.error.title)
  return res.value as StoreBudget
}

describe('the store budget setting', () => {
  it('starts at the default, remembers a choice for the next core, and forgets it on Default', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'apiscope-settings-')), 'settings.json')
    const first = core(file)
    expect(await budget(first)).toEqual({
      budgetMb: DEFAULT_STORE_BUDGET_MB,
      defaultMb: DEFAULT_STORE_BUDGET_MB,
      chosen: false,
      remembered: false,
    })
    expect(await budget(first, 24)).toEqual({
      budgetMb: 24,
      defaultMb: DEFAULT_STORE_BUDGET_MB,
      chosen: true,
      remembered: true,
    })
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ storeBudgetMb: 24 })
    // The next run finds it.
    expect(await budget(core(file))).toMatchObject({ budgetMb: 24, chosen: true, remembered: true })
    // --store-budget wins for its run, and is then the default.
    expect(await budget(core(file, 5))).toEqual({
      budgetMb: 5,
      defaultMb: 5,
      chosen: false,
      remembered: false,
    })
    // Default: back to the core's own, and forgotten.
    expect(await budget(first, null)).toMatchObject({
      budgetMb: DEFAULT_STORE_BUDGET_MB,
      chosen: false,
    })
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({})
    expect(await budget(core(file))).toMatchObject({ budgetMb: DEFAULT_STORE_BUDGET_MB })
  })

  it('applies a choice it cannot save for this run only, and refuses a negative one', async () => {
    // Its folder would be a file: the write fails.
    const dir = mkdtempSync(path.join(tmpdir(), 'apiscope-settings-'))
    writeFileSync(path.join(dir, 'file'), '')
    const c = core(path.join(dir, 'file', 'settings.json'))
    expect(await budget(c, 0)).toMatchObject({ budgetMb: 0, chosen: true, remembered: false })
    const bad = await c.invoke('watch:set-store-budget', { mb: -1 })
    expect(bad.ok).toBe(false)
  })
})

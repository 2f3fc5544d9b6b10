// The app's settings remembered between runs, in one small JSON file (the hosts pass
// ~/.apiscope/settings.json): today only the store's budget (docs/adr/0019). A file that is
// missing or unreadable reads as no setting; a write that fails says so, and the setting then
// lasts as long as the core.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import path from 'node:path'

export interface Settings {
  /** The store's budget in MB, as the person set it in Watches & lists. */
  storeBudgetMb?: number
}

/** Where the hosts keep the settings. */
export const defaultSettingsFile = (): string => path.join(homedir(), '.apiscope', 'settings.json')

export function readSettings(file: string): Settings {
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
    const mb = raw.storeBudgetMb
    return typeof mb === 'number' && Number.isFinite(mb) && mb >= 0 ? { storeBudgetMb: mb } : {}
  } catch {
    return {}
  }
}

/** Writes the settings (a temporary file renamed over the old one); false when it could not. */
export function writeSettings(file: string, settings: Settings): boolean {
  try {
    mkdirSync(path.dirname(file), { recursive: true })
    const tmp = `${file}.${process.pid}.tmp`
    writeFileSync(tmp, `${JSON.stringify(settings, null, 2)}\n`)
    renameSync(tmp, file)
    return true
  } catch {
    return false
  }
}

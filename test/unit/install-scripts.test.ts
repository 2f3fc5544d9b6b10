// Every dependency with an install script is named in package.json's allowScripts (npm 11.16 and
// newer warn at each install about one that is not, and npm's documentation says a later release
// skips it), and allowScripts names nothing else. Read from the lockfile, which records
// `hasInstallScript` for each package as published.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.join(__dirname, '../..')
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  allowScripts?: Record<string, boolean>
}
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean }>
}

describe('install scripts', () => {
  it('are allowed for exactly the dependencies that have one', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([where, entry]) => where !== '' && entry.hasInstallScript)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length))
    expect(Object.keys(pkg.allowScripts ?? {}).sort()).toEqual([...new Set(withScripts)].sort())
    expect(Object.values(pkg.allowScripts ?? {}).every((allowed) => allowed === true)).toBe(true)
  })
})

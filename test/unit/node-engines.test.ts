// The Node that package.json claims is one every installed package accepts: a claim below what a
// dependency declares is what makes `npm install` print EBADENGINE. Read from the lockfile (each
// package's engines as published) and checked with semver's own range logic; the README says
// which Node to use, the same range.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { satisfies, subset, validRange } from 'semver'
import { describe, expect, it } from 'vitest'

const root = path.join(__dirname, '../..')
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string }
}
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>
}
const claim = pkg.engines.node

describe('the Node the project claims', () => {
  it('is a valid range, recorded as such in the lockfile', () => {
    expect(validRange(claim)).not.toBeNull()
    expect(lock.packages['']?.engines).toEqual({ node: claim })
  })

  it('is accepted by every package in the lockfile', () => {
    const refused: string[] = []
    for (const [where, entry] of Object.entries(lock.packages)) {
      const engines = entry.engines
      const node = Array.isArray(engines) ? undefined : engines?.node
      if (!where || !node) continue
      if (!subset(claim, node))
        refused.push(`${where.replace(/^.*node_modules\//, '')}@${entry.version}: ${node}`)
    }
    expect(refused).toEqual([])
  })

  it('is the Node the README tells people to use', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8')
    expect(readme).toContain(`Node.js \`${claim}\``)
  })

  it('leaves out Node 20 where the README says, package by package', () => {
    // The test machines' Node (Debian's): the README names each package that refuses it and
    // counts the EBADENGINE warnings `npm install` prints there (those packages and Apiscope).
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ')
    const refusing = Object.entries(lock.packages)
      .filter(([where, entry]) => {
        const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node
        return where !== '' && node !== undefined && !satisfies('20.20.2', node)
      })
      .map(([where]) => where.replace(/^.*node_modules\//, ''))
    for (const name of refusing)
      expect(readme.includes(name === 'electron' ? 'Electron 45' : name), name).toBe(true)
    const words = [
      'zero',
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
      'seven',
      'eight',
      'nine',
      'ten',
    ]
    expect(/prints (\w+) `EBADENGINE` warnings/.exec(readme)?.[1]).toBe(words[refusing.length + 1])
  })
})

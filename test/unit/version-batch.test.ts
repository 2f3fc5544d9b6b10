// detachOnce: V8's ArrayBufferDetaching protector goes when a thread's first ArrayBuffer is
// detached, and every optimized function that read typed arrays with it goes too. A VersionHistory
// (the store makes one before any list is read) spends it at once, not at its first transfer.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const source = path.resolve(__dirname, '../../src-main/core/watch/version-history.ts')
const INVALIDATED = 'Invalidating protector cell ArrayBufferDetaching'

describe('detachOnce', () => {
  it('spends the ArrayBufferDetaching protector when a VersionHistory is made', () => {
    const script = `import { VersionHistory } from ${JSON.stringify(source)}
console.log('before')
new VersionHistory().close()
console.log('after')`
    const run = spawnSync(
      process.execPath,
      ['--trace-protector-invalidation', '--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8', timeout: 30_000 },
    )
    // (tsx's loader may spend one of its own before: only the lines between count.)
    const lines = run.stdout.split('\n')
    expect(lines).toContain('before')
    expect(lines.slice(lines.indexOf('before') + 1, lines.indexOf('after'))).toEqual([INVALIDATED])
  }, 30_000)
})

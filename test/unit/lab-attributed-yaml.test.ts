// The dry-run answer written as YAML line by line, each line tagged with who added it: checked on
// the bare Pod recorded from the real server (test/fixtures/recorded/1.20/dry-run/pod-bare.json).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { attributeDryRun, parseAttributionRules } from '@common/admission-attribution'
import { attributedYaml } from '@features/lab/common/attributed-yaml'
import rulesFile from '@common/data/admission-attribution.json'

const f = JSON.parse(
  readFileSync(path.join(__dirname, '../fixtures/recorded/1.20/dry-run/pod-bare.json'), 'utf8'),
) as { sent: unknown; sentText: string; returned: unknown }
const report = attributeDryRun(f.sent, f.returned, parseAttributionRules(rulesFile), {
  kind: 'Pod',
})
const lines = attributedYaml(f.returned, report.entries)
const line = (text: string) => lines.find((l) => l.text.trim() === text)

describe('attributed YAML of the bare Pod', () => {
  it('is YAML that reads back as the returned object', () => {
    expect(parse(lines.map((l) => l.text).join('\n'))).toEqual(f.returned)
  })

  it('as many lines left as were sent: the 8 lines of pod-nu.yaml, everything else added', () => {
    expect(lines.filter((l) => l.source === 'sent')).toHaveLength(
      f.sentText.trimEnd().split('\n').length,
    )
    expect(lines.filter((l) => l.source === 'unattributed')).toEqual([])
  })

  it('each added line carries its source, keys holding only added content too', () => {
    expect(line('volumes:')?.source).toBe('admission-plugin')
    expect(line('tolerations:')?.source).toBe('admission-plugin')
    expect(line('- key: node.kubernetes.io/not-ready')).toMatchObject({
      source: 'admission-plugin',
      first: true,
      by: 'DefaultTolerationSeconds',
    })
    expect(line('restartPolicy: Always')?.source).toBe('defaulting')
    expect(line('qosClass: BestEffort')?.source).toBe('computed')
    expect(line('status:')?.source).toBe('computed')
    expect(line('spec:')?.source).toBe('sent')
    expect(line('containers:')?.source).toBe('sent')
  })
})

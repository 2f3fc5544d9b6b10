// The lab's and the stage path's words for a person, said again in French from what the core sent:
// every attribution rule's explanation is in the catalogue (same English as the rules file), a
// dry-run report carries the keys of its reasons and notes, and the stage sentence follows the
// locale. The English the core builds is unchanged (the integration tests read it).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { attributeDryRun, parseAttributionRules } from '@common/admission-attribution'
import rulesFile from '@common/data/admission-attribution.json'
import { stageSteps, stopSentence } from '@common/stage-steps'
import type { StageVerdict } from '@common/request-stages'
import type { SaidAs } from '@common/result'
import { catalogues, isMessageKey, translate, type MessageKey } from '@i18n/translate'

const rules = parseAttributionRules(rulesFile)
const say = (locale: 'en' | 'fr', parts: SaidAs[] | undefined): string =>
  (parts ?? [])
    .map((p) => {
      expect(isMessageKey(p.key), p.key).toBe(true)
      return translate(locale, p.key as 'attr.webhooksConfigured', p.params as { webhooks: string })
    })
    .join(' ')

describe('attribution in the catalogue', () => {
  it('has every rule’s explanation, in English as the rules file says it, and in French', () => {
    for (const rule of rules) {
      const key = `attr.rule.${rule.id}`
      expect(catalogues.en[key], rule.id).toBe(rule.explanation)
      expect(catalogues.fr[key], rule.id).toBeTruthy()
    }
  })

  it('carries the keys of each reason and note, whose English is the text sent', () => {
    const fixture = JSON.parse(
      readFileSync(path.join(__dirname, '../fixtures/recorded/1.20/dry-run/pod-bare.json'), 'utf8'),
    ) as { sent: unknown; returned: { kind: string } }
    const report = attributeDryRun(fixture.sent, fixture.returned, rules, {
      kind: fixture.returned.kind,
      mutatingWebhooks: ['label.example.com'],
      configuredWebhooks: ['label.example.com'],
      mutatingPolicies: [],
    })
    expect(say('en', report.webhookNoteSaid)).toBe(report.webhookNote)
    expect(say('fr', report.webhookNoteSaid)).toContain('label.example.com')
    expect(say('en', report.policyNoteSaid)).toBe(report.policyNote)
    for (const entry of report.entries) {
      if (!entry.attribution) continue
      expect(say('en', entry.attribution.said), entry.path).toBe(entry.attribution.explanation)
      expect(say('fr', entry.attribution.said), entry.path).not.toBe(entry.attribution.explanation)
    }
  })
})

describe('the stage sentence', () => {
  const verdict = (v: Partial<StageVerdict>): StageVerdict =>
    ({ passed: [], candidates: [], details: {}, explanation: '', ...v }) as StageVerdict
  it('says where a request stopped in the locale asked for, English by default', () => {
    const refused = verdict({ stoppedAt: 'authorization', outcome: 'refused' } as never)
    const steps = stageSteps(refused, 'list').map((s) => ({
      ...s,
      label: translate('fr', `stageName.${s.id}` as MessageKey as 'stageName.authorization'),
    }))
    expect(stopSentence(refused, stageSteps(refused, 'list'))).toBe(
      'Stopped at Authorization (RBAC, Node).',
    )
    expect(stopSentence(refused, steps, 'fr')).toBe('Arrêtée à l’étape Autorisation.')
    expect(stopSentence(null, [], 'fr')).toBe('Aucune requête envoyée pour l’instant.')
  })
})

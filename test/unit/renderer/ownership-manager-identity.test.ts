// The Ownership legend's identity and its words (issue #15): a managedFields entry without a
// manager or an operation keeps its identity as the object says it (managerLabel, what the views
// match an ownership change on, in English whatever the language), and manager-words.ts says
// `(no manager)` and `unknown` in the person's language from the same identity.
import { describe, expect, it } from 'vitest'
import {
  indexOwnership,
  managerLabel,
  managerLabelSaid,
  ownershipRows,
} from '@common/managed-fields'
import { translate, translateSaid } from '@i18n/translate'
import { managerStyles } from '../../../src-renderer/src/features/ownership/components/manager-palette'

const object = {
  metadata: {
    managedFields: [{ manager: '', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:a': {} } } }],
  },
  data: { a: '1' },
}

describe('a manager without a name or an operation', () => {
  it('keeps its identity as the object says it, not in any language', () => {
    const [style] = managerStyles(indexOwnership(object).entries, ownershipRows(object))
    expect(style).toMatchObject({
      label: '(no manager) (unknown operation)',
      manager: '',
      operation: null,
    })
    // The label is the identity an ownership change carries (managed-fields.ts compareOwnership).
    expect(style?.label).toBe(managerLabel({ manager: '', operation: null, subresource: null }))
  })
  it('is said in French from that identity', () => {
    const identity = { manager: '', operation: null, subresource: null }
    expect(translateSaid('fr', managerLabelSaid(identity).as, '')).toBe(
      '(aucun gestionnaire) (opération inconnue)',
    )
    expect(translate('fr', 'own.mf.noManager')).toBe('(aucun gestionnaire)')
    expect(translate('fr', 'own.mf.unknownOperationShort')).toBe('inconnue')
    expect(translate('en', 'own.mf.unknownOperationShort')).toBe('unknown')
  })
})

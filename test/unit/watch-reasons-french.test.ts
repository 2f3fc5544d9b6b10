// The core's reasons for a watch carry their catalogue key, said again in French by the renderer;
// numbers go through Intl. English stays what it was.
import { describe, expect, it } from 'vitest'
import { translate } from '@i18n/translate'
import { listingProgressSaid } from '../../src-main/core/watch/watch-said'
import { targetLabelSaid } from '../../src-main/common/watch-label'

describe('a watch’s reasons in French', () => {
  it('says the core’s reasons again by key, numbers through Intl', () => {
    const progress = listingProgressSaid('expired', 3, 1500, 44056)
    expect(progress.text).toBe(
      'relisting after 410 Expired: page 3 · 1,500 objects so far · about 44,056 to go',
    )
    const fr = translate('fr', progress.as.key, ...([progress.as.params] as [never]))
    expect(fr.replace(/\s/g, ' ')).toBe(
      'nouvelle liste après 410 Expired : page 3 · 1 500 objets reçus · environ 44 056 à venir',
    )
    const label = targetLabelSaid({
      group: '',
      version: 'v1',
      resource: 'configmaps',
      namespace: 'ch34',
    })
    expect(label.text).toBe('configmaps in ch34')
    expect(translate('fr', label.as.key, ...([label.as.params] as [never]))).toBe(
      'configmaps dans ch34',
    )
  })
})

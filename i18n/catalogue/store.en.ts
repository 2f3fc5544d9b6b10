// English texts of the store area (see en.ts): the store's budget (docs/adr/0019), what was folded
// away to stay within it, and the CLI's --store-budget.
export const storeEn = {
  // FoldedVersionsNote in the inspector: this object's older versions folded away
  'store.folded_one':
    '{{count}} older version of this object was folded away to stay within the store’s budget ({{mb, number}} MB); a recording keeps them all.',
  'store.folded_other':
    '{{count, number}} older versions of this object were folded away to stay within the store’s budget ({{mb, number}} MB); a recording keeps them all.',
  'store.diffFrom': 'The diff is against version {{n}}, the first one kept.',
  'store.chip': 'folded',
  // FoldedVersionsNote in the timeline: the whole store
  'store.foldedStore_one':
    '{{count}} older version of {{objects}} was folded away to stay within the store’s budget ({{mb, number}} MB): their marks stay on the timeline, each object keeps its first and latest versions; a recording keeps them all.',
  'store.foldedStore_other':
    '{{count, number}} older versions of {{objects}} were folded away to stay within the store’s budget ({{mb, number}} MB): their marks stay on the timeline, each object keeps its first and latest versions; a recording keeps them all.',
  'store.objects_one': '{{count}} busy object',
  'store.objects_other': '{{count, number}} busy objects',
  // The inspector on a folded version (the core's error, said in the person's language)
  'store.versionFolded': 'This version was folded away',
  'store.versionFoldedNext':
    'Open the object at a later version, or replay a recording to see every version.',
  // apiscope serve --store-budget
  'store.serveFlag': `                  [--store-budget MB]     the watches' store keeps versions up to MB (default {{mb}}; 0: no limit),
                                          then folds the busiest objects' older versions away`,
  'store.badBudget': '--store-budget must be a number of MB, 0 or more, not "{{value}}"',
} as const

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
    '{{count}} older version of {{objects}} was folded away to stay within the store’s budget ({{mb, number}} MB); each object keeps its first and latest versions; a recording keeps them all.',
  'store.foldedStore_other':
    '{{count, number}} older versions of {{objects}} were folded away to stay within the store’s budget ({{mb, number}} MB); each object keeps its first and latest versions; a recording keeps them all.',
  'store.objects_one': '{{count}} busy object',
  'store.objects_other': '{{count, number}} busy objects',
  // FoldedVersionsNote in the timeline: deleted objects whose every version was folded
  'store.foldedDeletedStore_one':
    'The versions of {{count}} deleted object ({{versions}}) were folded away to stay within the store’s budget ({{mb, number}} MB): its marks stay on the timeline while the events fit in half the budget, to show it existed and was deleted; a recording keeps them all.',
  'store.foldedDeletedStore_other':
    'The versions of {{count, number}} deleted objects ({{versions}}) were folded away to stay within the store’s budget ({{mb, number}} MB): their marks stay on the timeline while the events fit in half the budget, to show they existed and were deleted; a recording keeps them all.',
  // The same once their marks were folded too (the sentence below says so)
  'store.foldedDeletedGone_one':
    'The versions of {{count}} deleted object ({{versions}}) were folded away to stay within the store’s budget ({{mb, number}} MB).',
  'store.foldedDeletedGone_other':
    'The versions of {{count, number}} deleted objects ({{versions}}) were folded away to stay within the store’s budget ({{mb, number}} MB).',
  // FoldedVersionsNote in the timeline: marks folded once the events took half the budget
  'store.foldedMarks_one':
    '{{count}} mark was folded away too, to keep the events within half the budget: those of folded versions, and every mark of {{deleted}} (their lanes are gone).',
  'store.foldedMarks_other':
    '{{count, number}} marks were folded away too, to keep the events within half the budget: those of folded versions, and every mark of {{deleted}} (their lanes are gone).',
  // The same when no deleted object's marks were folded
  'store.foldedMarksOfVersions_one':
    '{{count}} mark was folded away too, to keep the events within half the budget: that of a folded version.',
  'store.foldedMarksOfVersions_other':
    '{{count, number}} marks were folded away too, to keep the events within half the budget: those of folded versions.',
  'store.deletedObjects_one': '{{count}} deleted object',
  'store.deletedObjects_other': '{{count, number}} deleted objects',
  // The inspector on a mark folded before the page heard of it (the core's error)
  'store.markFolded': 'This mark was folded away',
  'store.markFoldedDetail':
    'This mark and its version were folded away to stay within the store’s budget ({{mb, number}} MB); a recording keeps them all.',
  'store.markFoldedNext': 'Replay a recording to see every mark and version.',
  'store.versions_one': '{{count}} version',
  'store.versions_other': '{{count, number}} versions',
  // The inspector on a mark of a deleted object whose versions were folded
  'store.foldedDeletedObject_one':
    'This object was deleted; its only version was folded away to stay within the store’s budget ({{mb, number}} MB): its marks stay on the timeline; a recording keeps them all.',
  'store.foldedDeletedObject_other':
    'This object was deleted; its {{count, number}} versions were folded away to stay within the store’s budget ({{mb, number}} MB): its marks stay on the timeline; a recording keeps them all.',
  'store.versionFoldedDeletedNext': 'Replay a recording to see its versions.',
  // The inspector on a folded version (the core's error, said in the person's language)
  'store.versionFolded': 'This version was folded away',
  'store.versionFoldedNext':
    'Open the object at a later version, or replay a recording to see every version.',
  // StoreBudgetSetting in Watches & lists: the budget as a setting
  'store.settingLabel': 'Store budget',
  'store.settingUnit': 'MB',
  'store.settingDefault': 'Default ({{mb, number}} MB)',
  'store.settingInvalid': 'A number of MB, 0 or more.',
  'store.settingHelp':
    'The budget counts all the watches’ store holds: every version kept, with what the history keeps for it, and every event (its mark, its place in its object’s list, its object’s record). Past {{mb, number}} MB it folds away the versions of deleted objects, then the older versions of the busiest objects, then those of quiet ones; every living object keeps its first version and its latest two. Events are counted too: once they take half the budget, the marks of folded versions are folded away as well, those of deleted objects first (their lanes go). A recording keeps every version and every mark.',
  'store.settingHelpNone':
    'No budget: the watches’ store keeps every version for as long as the app runs.',
  'store.settingDefaultHelp': 'Default {{mb, number}} MB; 0 keeps every version.',
  'store.settingRemembered': 'Remembered on this computer.',
  'store.settingNotRemembered': 'For this run only: it could not be saved.',
  // apiscope serve --store-budget
  'store.serveFlag': `      --store-budget: MB the watches' store may hold, versions and events
      counted (default {{mb}}; 0: no limit); past it, deleted objects' versions,
      then older versions of busy and quiet objects are folded, and past half of
      it the marks of folded versions`,
  'store.badBudget': '--store-budget must be a number of MB, 0 or more, not "{{value}}"',
} as const

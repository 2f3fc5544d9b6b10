// English texts of the watches area (see en.ts).
export const watchesEn = {
  // TimelineView
  'watch.replayNote':
    "The recording's watches. Starting another one needs a cluster: close the replay.",
  'watch.views': 'Watch views',
  'watch.tabTimeline': 'Timeline',
  'watch.tabTable': 'Table',
  'watch.tabHealth': 'Watches & lists',
  'watch.axis': 'Horizontal axis',
  'watch.axisTime': 'time',
  'watch.axisArrivalNote':
    'Some resourceVersions are not comparable integers (or too large to place exactly): events are drawn in arrival order.',
  'watch.zoomIn': 'Zoom in',
  'watch.zoomOut': 'Zoom out',
  'watch.fit': 'Fit',
  'watch.filterPlaceholder': 'ns/name',
  'watch.filterLabel': "Filter the timeline's objects by namespace/name",
  // The counts line: events · objects (watch.objects) · lists, each in its plural
  'watch.countEvents_one': '{{count, number}} event',
  'watch.countEvents_other': '{{count, number}} events',
  'watch.countLists_one': '{{count, number}} list',
  'watch.countLists_other': '{{count, number}} lists',
  'watch.highlight': 'Selected: the latest event of {{what}}',
  'watch.noMatch': "No object's namespace/name contains “{{filter}}”.",
  'watch.matches_one':
    '{{matching}} of {{lanes}} object lanes matches “{{filter}}”: Enter opens it.',
  'watch.matches_other':
    '{{matching}} of {{lanes}} object lanes match “{{filter}}”: Enter opens the first.',
  'watch.foldBig': 'groups of more than {{n}}',
  'watch.foldMany': 'with more than {{lanes}} lanes, groups of more than {{n}}',
  'watch.folded_one':
    '{{folded}} of {{lanes}} object lanes are folded into {{bands}} density band ({{why}}): click a band to open it, or filter by name.',
  'watch.folded_other':
    '{{folded}} of {{lanes}} object lanes are folded into {{bands}} density bands ({{why}}): click a band to open it, or filter by name.',
  'watch.emptyTitle': 'Nothing watched yet',
  'watch.emptyBefore': 'Pick a resource and a namespace above, then',
  'watch.start': 'Start watch',
  'watch.emptyAfter':
    ". Apiscope lists it (in pages) and watches from the list's resourceVersion, or asks for a streaming list (the state as ADDED events up to a bookmark, then the changes); every event lands on one global resourceVersion axis.",
  'watch.legend': 'Legend',
  'watch.legendInitial': 'ADDED (initial)',
  'watch.legendList': 'list',
  'watch.keys': 'drag: pan · Ctrl+wheel: zoom · Shift+drag: zoom to range · ←→↑↓: step · +/−/0',
  // TimelineChart and its model (labels band, lane tags, tooltip, live region)
  'watch.chartLabel': 'resourceVersion timeline',
  'watch.axisRv': 'resourceVersion →',
  'watch.axisTimeArrow': 'time →',
  'watch.axisArrivalArrow': 'arrival order →',
  'watch.lanesGroup': 'Watches',
  'watch.watchN': 'watch {{id}}',
  'watch.objects_one': '{{n}} object',
  'watch.objects_other': '{{n}} objects',
  'watch.fold': 'fold',
  'watch.foldTitle': 'Fold this group back into one density band',
  'watch.band': '{{what}} · density',
  'watch.bandTitle':
    "{{what}} in {{group}}: their events' density; click to show them lane by lane",
  'watch.elsewhere': '+{{n}} elsewhere',
  // A gap that holds this watch's own marks folded away (the store's budget) besides others'
  'watch.elsewhereOrFolded': '+{{n}} elsewhere or folded',
  'watch.lineStream': 'initial-events-end @{{rv}} · {{n}} ADDED',
  'watch.lineList_one': 'LIST @{{rv}} · {{count}} page',
  'watch.lineList_other': 'LIST @{{rv}} · {{count}} pages',
  'watch.lineRelist_one': 'RELIST @{{rv}} · {{count}} page',
  'watch.lineRelist_other': 'RELIST @{{rv}} · {{count}} pages',
  'watch.lineListNoPage': 'LIST @{{rv}}',
  'watch.lineRelistNoPage': 'RELIST @{{rv}}',
  'watch.moreLabels': '+{{n}} more: zoom in',
  'watch.tagRelayed': 'w{{id}} relayed',
  'watch.tagRelayedRows': 'w{{id}} relayed · rows',
  'watch.tagStream': 'w{{id}} stream',
  'watch.tagList': 'w{{id}} list',
  'watch.initialEventType': 'ADDED · initial event of a streaming list',
  'watch.announce': 'Selected: {{type}} {{what}}, resourceVersion {{rv}}',
  'watch.announceWatch': 'Selected: {{type}} on {{what}}, resourceVersion {{rv}}',
  // EventInspector
  'watch.inspector': 'Event inspector',
  'watch.inspectorIdle':
    'Click an event (or select one with the arrow keys) to see the object at that version.',
  'watch.loading': 'Loading…',
  'watch.versionOf': 'version {{n}} of {{total}}',
  'watch.closeInspector': 'Close the inspector (Esc)',
  'watch.deleteNoManager':
    'A DELETE records no field manager: managedFields are as the last writer left them.',
  'watch.writtenBy': 'written by',
  'watch.via': 'via /{{subresource}}',
  'watch.noTime': 'no time recorded',
  'watch.noManagerChange': 'No managedFields entry changed with this version.',
  'watch.ownershipTitle': 'Who owns each field of this object, and how that moved',
  'watch.ownership': 'Ownership ›',
  'watch.tableRow':
    'A Table row: the watch asked for a Table, so the server sent this object’s metadata (PartialObjectMetadata), not its spec or data.',
  'watch.inspectorTabs': 'Inspector',
  'watch.tabDiff': 'Diff',
  'watch.tabRaw': 'Raw',
  'watch.rawLine': 'One line of the watch stream',
  'watch.firstVersion': 'First version seen: nothing to compare with.',
  // WatchEventTable
  'watch.colEvent': 'EVENT',
  'watch.colName': 'NAMESPACE/NAME',
  'watch.colKind': 'KIND',
  'watch.colTime': 'TIME',
  'watch.initialEvent': 'initial event of a streaming list',
  // WatchHealthPanel
  'watch.ago': '{{n}} s ago',
  'watch.noneYet': 'none yet',
  'watch.stateWatching': 'watching',
  'watch.stateListing': 'listing',
  'watch.stateBackoff': 'backoff',
  'watch.stateFailed': 'failed',
  'watch.stateStopped': 'stopped',
  'watch.page_one': 'page {{n}}: {{count, number}} item, rv {{rv}}',
  'watch.page_other': 'page {{n}}: {{count, number}} items, rv {{rv}}',
  'watch.remaining_one': ', {{count, number}} remaining',
  'watch.remaining_other': ', {{count, number}} remaining',
  'watch.opaque': '(opaque)',
  'watch.noWatch': 'No watch yet. Start one above.',
  'watch.filterWatches': 'Filter watches: resource, namespace, state',
  'watch.filterWatchesLabel': 'Filter the watches',
  // The filter's count, in the plural of all the watches
  'watch.watchesShown_one': '{{n}} of {{count}} watch',
  'watch.watchesShown_other': '{{n}} of {{count}} watches',
  'watch.articleLabel': 'Watch {{id}}',
  'watch.encodingTitle': 'Content-Encoding of the watch response',
  'watch.cutTitle': "Ends {{client}}'s request: it sees its connection close",
  'watch.cutLabel': 'Cut relayed watch {{id}}',
  'watch.cut': 'Cut',
  'watch.stopLabel': 'Stop watch {{id}}',
  'watch.stop': 'Stop',
  'watch.throttledNow': '429 Too Many Requests{{times}}:',
  'watch.throttledEarlier': 'Earlier, 429 Too Many Requests{{times}}:',
  'watch.apfRefused': 'API Priority and Fairness refused it; FlowSchema',
  'watch.notNamed': 'not named',
  'watch.priorityLevel': ', priority level',
  'watch.retryAfter': ', Retry-After {{n}} s',
  'watch.theLast': '; the last {{age}}.',
  'watch.fellBack': 'Fell back:',
  'watch.dtBookmarkRv': 'bookmark rv',
  'watch.dtListRv': 'list rv',
  'watch.dtLastRv': 'last rv',
  // The card's counts: each label in the plural its number takes (1 reconnect, 0 reconnects)
  'watch.dtListed_one': 'object listed',
  'watch.dtListed_other': 'objects listed',
  'watch.dtListedTitle':
    'Objects the last list returned (a streaming list: its initial ADDED events)',
  'watch.dtWatchEvents_one': 'watch event',
  'watch.dtWatchEvents_other': 'watch events',
  'watch.dtWatchEventsTitle':
    "ADDED, MODIFIED and DELETED events the watch received (a streaming list's initial events among them)",
  'watch.dtBookmarks_one': 'bookmark',
  'watch.dtBookmarks_other': 'bookmarks',
  'watch.dtLastBookmark': 'last bookmark',
  'watch.dtRelists_one': 'relist',
  'watch.dtRelists_other': 'relists',
  'watch.dtReconnects_one': 'reconnect',
  'watch.dtReconnects_other': 'reconnects',
  'watch.dtResumes_one': 'resume',
  'watch.dtResumes_other': 'resumes',
  'watch.afterReconnect': 'reconnect',
  'watch.afterUnfinished': 'an unfinished list',
  'watch.chipStream': 'STREAMING LIST',
  'watch.chipStreamAgain': 'STREAMING LIST again after {{why}}',
  'watch.chipList': 'LIST',
  'watch.chipRelist': 'RELIST after {{why}}',
  'watch.streamItems_one': '{{count}} initial ADDED event, then the BOOKMARK',
  'watch.streamItems_other': '{{count, number}} initial ADDED events, then the BOOKMARK',
  'watch.atRv': 'at resourceVersion',
  'watch.compressed': ', {{encoding}}-compressed',
  'watch.listItems_one': '{{count, number}} item at resourceVersion',
  'watch.listItems_other': '{{count, number}} items at resourceVersion',
  'watch.inPages_one': ', in {{count}} page',
  'watch.inPages_other': ', in {{count, number}} pages',
  'watch.inPagesSoFar_one': ', {{count}} page read so far',
  'watch.inPagesSoFar_other': ', {{count, number}} pages read so far',
  'watch.listCuts_one': ' · its answer was cut once',
  'watch.listCuts_other': ' · its answers were cut {{count}} times',
  'watch.listGaveUp': ' · incomplete: it gave up, and the watch lists again',
  'watch.listStartedOver':
    ' · incomplete: the server refused its continue token, and the list started over',
  'watch.listStartedOverAnswered':
    ' · incomplete: its next page was answered {{code}}, and the list started over',
  'watch.pageCut_one': 'cut after {{count, number}} item: {{why}}',
  'watch.pageCut_other': 'cut after {{count, number}} items: {{why}}',
  'watch.pageCutGoesOn': 'went on after the last item received: continue built by Apiscope →',
  'watch.pageCutTried': 'asked to go on after the last item received: continue built by Apiscope →',
  'watch.pageTokenRefused':
    'the server refused this continue token ({{code}}): the list started over, from its first page. The server said:',
  'watch.pageAnsweredAgain_one':
    'the request for the next page was answered {{code}}: asked again after {{s, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}} s{{retryAfter}}. The server said:',
  'watch.pageAnsweredAgain_other':
    'the request for the next page was answered {{code}}, {{count}} times: asked again after each, the last time after {{s, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}} s{{retryAfter}}. The server said:',
  'watch.pageAnsweredWaiting_one':
    'the request for the next page was answered {{code}}: asking again after {{s, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}} s{{retryAfter}}. The server said:',
  'watch.pageAnsweredWaiting_other':
    'the request for the next page was answered {{code}}, {{count}} times: asked again after each, and asking again after {{s, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}} s{{retryAfter}}. The server said:',
  'watch.pageAnsweredRetryAfter': " (the server's Retry-After: {{n}} s)",
  'watch.pageAnsweredStartedOver':
    'the request for the next page was answered {{code}}: the list started over, from its first page. The server said:',
  'watch.pageCutAgain': 'nothing had come: asked again',
  'watch.pageCutAgainPending': 'nothing had come: asking again',
  'watch.pageCutGaveUp': 'the list gave up here',
  'watch.hiddenPages_one': '{{count, number}} more page, with its continue token (not shown)',
  'watch.hiddenPages_other':
    '{{count, number}} more pages, each with its continue token (not shown)',
  'watch.healthHelp':
    'A watch gets its state with a list (in pages) or a streaming list (ADDED events up to the initial-events-end bookmark); it resumes from its last resourceVersion when the server ends it after timeoutSeconds (a resume); after an error it backs off and reconnects; after 410 Expired it gets the state again the same way (a relist).',
  // WatchPicker and watch-mode.ts
  'watch.pickerLabel': 'Start a watch',
  'watch.pickResource': 'Resource to watch',
  'watch.pickIn': 'in',
  'watch.pickNamespace': 'Namespace to watch',
  'watch.pickAll': 'all',
  'watch.labelSelector': 'Label selector',
  'watch.fieldSelector': 'Field selector',
  'watch.pageSizeTitle':
    "The list's limit, as kubectl --chunk-size; empty: every object in one request (a streaming list has no pages)",
  'watch.pageSizeNone': 'no limit',
  'watch.pagesOf': 'pages of',
  'watch.pageSize': 'Page size (limit)',
  'watch.modeTitle':
    'auto: a streaming list where the server serves one (sendInitialEvents=true), else list then watch',
  'watch.pickAs': 'as',
  'watch.modeLabel': 'How the watch starts',
  'watch.bothTitle':
    'Two watches on the same objects: one lists then watches, one asks for a streaming list',
  'watch.both': 'Both ways',
  'watch.modeAuto': 'auto',
  'watch.modeListWatch': 'list then watch',
  'watch.modeStreaming': 'streaming list',
  'watch.modeFromRv': 'watch from a resourceVersion',
  'watch.modeTableRows': '{{how}} · Table rows',
  'watch.modeAutoFallback': 'auto: list then watch (fallback)',
  'watch.modeAutoStream': 'auto: streaming list',
  'watch.modeAutoList': 'auto: list then watch',
  // RedactedFields
  'watch.redacted_one': '{{count}} secret value redacted',
  'watch.redacted_other': '{{count}} secret values redacted',
  'watch.reveal': 'Reveal on screen',
  'watch.hide': 'Hide',
  'watch.revealFailed': '{{title}}: {{detail}}',
  // RelayedWatchNote
  'watch.relayed': 'relayed',
  'watch.openedBy': 'Opened by',
  'watch.relayedThrough':
    ' through Apiscope’s kubectl proxy, request #{{seq}} in the request log. Apiscope reads its answer as it passes: it did not start this watch and does not resume it; it ends when {{client}} or the API server ends it.',
  'watch.noCommandBefore': 'This kubectl sends no',
  'watch.noCommandAfter': 'header (kubectl sends it from 1.22): the command is not known.',
  'watch.tableRows': 'Table rows, not objects:',
  'watch.tableAsked': 'kubectl asked for a Table',
  'watch.tableEach': ', so each event carries a row: its printed cells and the object’s metadata',
  'watch.tableKeeps':
    ', with its managedFields), not the object. Apiscope keeps the metadata, which the inspector shows; these lanes are tagged',
  'watch.tagRows': 'rows',
  'watch.tableOr': 'or',
  'watch.tableWhole': 'asks for whole objects.',
  'watch.notRead': 'Not read:',
  'watch.streamIs': 'the stream is',
  'watch.binary': ', binary; its events are relayed but not on the timeline.',
  // The core's words for a watch (src-main/core/watch/): its label, state reasons, fallback
  'watch.core.labelIn': '{{resource}} in {{namespace}}{{selectors}}',
  'watch.core.labelAll': '{{resource}} (all namespaces){{selectors}}',
  'watch.core.starting': 'starting',
  'watch.core.stopped': 'stopped by the user',
  'watch.core.retrying':
    '{{reason}}; retrying in {{s, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}} s',
  'watch.core.retryingAfter':
    "{{reason}}; retrying in {{s, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}} s (the server's Retry-After: {{after}} s)",
  'watch.core.listing': 'listing',
  'watch.core.relistingExpired': 'relisting after 410 Expired',
  'watch.core.relistingReconnect': 'relisting after reconnect',
  'watch.core.relistingStartedOver': 'relisting after an unfinished list',
  'watch.core.askAgain': 'listing: asking again for page {{n}}',
  // The plain keys without a count: as recordings made before their plural forms say them
  'watch.core.progress': 'listing: page {{pages}} · {{items, number}} objects so far',
  'watch.core.progress_one': 'listing: page {{pages}} · {{items, number}} object so far',
  'watch.core.progress_other': 'listing: page {{pages}} · {{items, number}} objects so far',
  'watch.core.progressExpired':
    'relisting after 410 Expired: page {{pages}} · {{items, number}} objects so far',
  'watch.core.progressExpired_one':
    'relisting after 410 Expired: page {{pages}} · {{items, number}} object so far',
  'watch.core.progressExpired_other':
    'relisting after 410 Expired: page {{pages}} · {{items, number}} objects so far',
  'watch.core.progressReconnect':
    'relisting after reconnect: page {{pages}} · {{items, number}} objects so far',
  'watch.core.progressReconnect_one':
    'relisting after reconnect: page {{pages}} · {{items, number}} object so far',
  'watch.core.progressReconnect_other':
    'relisting after reconnect: page {{pages}} · {{items, number}} objects so far',
  'watch.core.progressStartedOver':
    'relisting after an unfinished list: page {{pages}} · {{items, number}} objects so far',
  'watch.core.progressStartedOver_one':
    'relisting after an unfinished list: page {{pages}} · {{items, number}} object so far',
  'watch.core.progressStartedOver_other':
    'relisting after an unfinished list: page {{pages}} · {{items, number}} objects so far',
  'watch.core.progressStartedOverLeft':
    'relisting after an unfinished list: page {{pages}} · {{items, number}} objects so far · about {{left, number}} to go',
  'watch.core.progressStartedOverLeft_one':
    'relisting after an unfinished list: page {{pages}} · {{items, number}} object so far · about {{left, number}} to go',
  'watch.core.progressStartedOverLeft_other':
    'relisting after an unfinished list: page {{pages}} · {{items, number}} objects so far · about {{left, number}} to go',
  'watch.core.progressLeft':
    'listing: page {{pages}} · {{items, number}} objects so far · about {{left, number}} to go',
  'watch.core.progressLeft_one':
    'listing: page {{pages}} · {{items, number}} object so far · about {{left, number}} to go',
  'watch.core.progressLeft_other':
    'listing: page {{pages}} · {{items, number}} objects so far · about {{left, number}} to go',
  'watch.core.progressExpiredLeft':
    'relisting after 410 Expired: page {{pages}} · {{items, number}} objects so far · about {{left, number}} to go',
  'watch.core.progressExpiredLeft_one':
    'relisting after 410 Expired: page {{pages}} · {{items, number}} object so far · about {{left, number}} to go',
  'watch.core.progressExpiredLeft_other':
    'relisting after 410 Expired: page {{pages}} · {{items, number}} objects so far · about {{left, number}} to go',
  'watch.core.progressReconnectLeft':
    'relisting after reconnect: page {{pages}} · {{items, number}} objects so far · about {{left, number}} to go',
  'watch.core.progressReconnectLeft_one':
    'relisting after reconnect: page {{pages}} · {{items, number}} object so far · about {{left, number}} to go',
  'watch.core.progressReconnectLeft_other':
    'relisting after reconnect: page {{pages}} · {{items, number}} objects so far · about {{left, number}} to go',
  'watch.core.streamWaiting': 'streaming list: waiting for the initial events',
  'watch.core.streamAgainExpired': 'streaming list again after 410 Expired',
  'watch.core.streamAgainReconnect': 'streaming list again after reconnect',
  'watch.core.receiving': 'streaming list: receiving the initial events',
  'watch.core.receivingGz':
    'streaming list: receiving the initial events ({{encoding}}-compressed)',
  'watch.core.watchingFrom': 'watching from {{rv}}',
  // Without a count: as a recording made before its plural forms says it (the bundled demo)
  'watch.core.watchingAfterStream':
    "watching from {{rv}}, where the streaming list's {{n}} initial events ended",
  'watch.core.watchingAfterStream_one':
    "watching from {{rv}}, where the streaming list's {{n}} initial event ended",
  'watch.core.watchingAfterStream_other':
    "watching from {{rv}}, where the streaming list's {{n, number}} initial events ended",
  'watch.core.fallback':
    'the server refused the streaming list ({{answer}}); listing, then watching',
  'watch.core.refused':
    'the server refused the streaming list ({{answer}}). Kubernetes serves one from 1.27 where the WatchList feature gate is on (by default in 1.32, and from 1.34): start this watch as auto or list then watch',
  // A watch the kubectl proxy relays (core/watch/relayed-watch.ts)
  'watch.core.relayLabel': '{{origin}} · {{what}}',
  'watch.core.relayBinary': 'relayed {{type}}: a binary stream, not read',
  'watch.core.relayBinaryNoType': 'relayed without a Content-Type: a binary stream, not read',
  'watch.core.relayStreaming':
    'relayed from {{client}}: a streaming list, waiting for its initial events',
  'watch.core.relayWatching': 'relayed from {{client}}: watching from {{rv}}',
  'watch.core.relayWatchingLatest':
    'relayed from {{client}}: watching from the latest resourceVersion',
  'watch.core.relayCut': 'cut from Apiscope: the client saw its connection close',
  'watch.core.relayEndedError': 'ended by the API server after its ERROR {{error}}',
  'watch.core.relayEndedServer': 'ended: the API server closed the watch',
  'watch.core.relayEnded': 'ended: {{error}}',
  'watch.core.relayClientClosed': 'ended: {{client}} closed the connection',
  'watch.core.relayAfterStream_one':
    "relayed from {{client}}: watching from {{rv}}, where the streaming list's {{count}} initial event ended",
  'watch.core.relayAfterStream_other':
    "relayed from {{client}}: watching from {{rv}}, where the streaming list's {{count, number}} initial events ended",
  'watch.core.relaySentError': 'the API server sent ERROR {{error}}',
  'watch.core.relayNotRead': 'not read past here ({{why}}); the relay goes on',
  // Why a watch backs off (the {{reason}} of watch.core.retrying)
  'watch.core.listAnswered': 'list answered {{code}}: {{message}}',
  'watch.core.listAnsweredApf':
    'list answered {{code}}: {{message}} (FlowSchema {{fs}}, priority level {{pl}})',
  'watch.core.watchAnswered': 'watch answered {{code}}: {{message}}',
  'watch.core.watchAnsweredApf':
    'watch answered {{code}}: {{message}} (FlowSchema {{fs}}, priority level {{pl}})',
  'watch.core.pageLost': 'list page {{n}} lost ({{message}})',
  'watch.core.pageAnswered': 'list page {{n}} answered {{code}}: {{message}}',
  'watch.core.pageAnsweredApf':
    'list page {{n}} answered {{code}}: {{message}} (FlowSchema {{fs}}, priority level {{pl}})',
  'watch.core.answerCut': 'connection lost ({{message}})',
  'watch.core.listCutGoingOn':
    'list answer cut after {{items, number}} objects ({{reason}}): going on after the last one, in pages of {{limit}}',
  'watch.core.listCutGoingOn_one':
    'list answer cut after {{items, number}} object ({{reason}}): going on after the last one, in pages of {{limit}}',
  'watch.core.listCutGoingOn_other':
    'list answer cut after {{items, number}} objects ({{reason}}): going on after the last one, in pages of {{limit}}',
  'watch.core.pageExpired': 'list page expired ({{message}})',
  'watch.core.listMalformed': 'malformed list answer ({{message}})',
  'watch.core.listSilent': 'no data for {{s}} s in the list answer',
  'watch.core.malformed': 'malformed watch stream ({{message}})',
  'watch.core.connectionLost': 'watch connection lost: {{message}}',
  // Apiscope's own parsers: what is wrong with a list body or a watch line ({{message}} above)
  'watch.core.notAList': 'not a list: {{why}}',
  'watch.core.list.object': 'a list is a JSON object',
  'watch.core.list.key': 'a key was expected',
  'watch.core.list.colon': 'a colon was expected',
  'watch.core.list.twoItems': 'two "items"',
  'watch.core.list.commaBracket': 'a comma or ] was expected',
  'watch.core.list.commaBrace': 'a comma or } was expected',
  'watch.core.list.item': 'an item is a JSON object',
  'watch.core.list.after': 'bytes after the list',
  'watch.core.list.cut': 'the list ended before its last byte',
  'watch.core.list.noItems': 'no "items"',
  'watch.core.list.metadata': 'its metadata is not an object',
  'watch.core.itemNotJson': 'an item is not JSON',
  'watch.core.itemNotJsonAt': 'an item is not JSON (from character {{at, number}} of the item)',
  'watch.core.notAnEvent': 'not a watch event ({{shape}})',
  'watch.core.streamClosed': 'connection closed before the end of the stream',
  // The timeline's notes on an ERROR or GONE event that Apiscope writes (not the server's)
  'watch.core.goneNote': 'not in the relist at {{rv}}: deleted while no watch was open',
  'watch.core.stallNote': 'no data for {{s}} s: restarting the watch',
  'watch.core.relayStoppedNote': 'Apiscope stopped reading this relayed watch: {{why}}',
  // …why it stopped ({{why}} of the two above)
  'watch.core.why.gzip': 'gzip: {{message}}',
  'watch.core.why.behind': 'more than {{mb, number}} MB came before Apiscope could read them',
  'watch.core.why.notEvent': 'a line that is not a watch event ({{message}}): {{line}}',
  'watch.core.why.table': 'a Table event that does not parse: {{message}}',
  // The timeline's notes and a watch's reason (watch-request.ts)
  'watch.core.goneStreamNote':
    'not in the streaming list at {{rv}}: deleted while no watch was open',
  'watch.core.malformedNote': 'malformed line in the watch stream: {{message}}: {{line}}',
  'watch.core.errorEvent': 'watch ERROR {{code}}: {{message}}',
  // The inspector on an event with no object (src-main/features/watches/handlers.ts)
  'watch.err.noObject': 'No object behind event {{index}}',
  'watch.err.noObjectDetail': 'Bookmarks and errors carry no object.',
} as const

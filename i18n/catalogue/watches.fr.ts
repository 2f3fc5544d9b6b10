// French texts of the watches area: exactly the keys of watches.en.ts (see fr.ts).
import type { watchesEn } from './watches.en'

export const watchesFr: { readonly [K in keyof typeof watchesEn]: string } = {
  // TimelineView
  'watch.replayNote':
    'Les watches de l’enregistrement. Pour en lancer un autre, il faut un cluster : fermez le rejeu.',
  'watch.views': 'Vues des watches',
  'watch.tabTimeline': 'Chronologie',
  'watch.tabTable': 'Tableau',
  'watch.tabHealth': 'Watches et listes',
  'watch.axis': 'Axe horizontal',
  'watch.axisTime': 'temps',
  'watch.axisArrivalNote':
    'Certaines resourceVersions ne sont pas des entiers comparables (ou sont trop grandes pour être placées exactement) : les événements sont dessinés dans l’ordre d’arrivée.',
  'watch.zoomIn': 'Zoomer',
  'watch.zoomOut': 'Dézoomer',
  'watch.fit': 'Tout voir',
  'watch.filterPlaceholder': 'ns/nom',
  'watch.filterLabel': 'Filtrer les objets de la chronologie par namespace/nom',
  // The counts line: events · objects (watch.objects) · lists, each in its plural
  'watch.countEvents_one': '{{count, number}} événement',
  'watch.countEvents_other': '{{count, number}} événements',
  'watch.countLists_one': '{{count, number}} liste',
  'watch.countLists_other': '{{count, number}} listes',
  'watch.highlight': 'Sélectionné : le dernier événement de {{what}}',
  'watch.noMatch': 'Aucun namespace/nom d’objet ne contient « {{filter}} ».',
  'watch.matches_one':
    '{{matching}} ligne d’objet sur {{lanes}} contient « {{filter}} » : Entrée l’ouvre.',
  'watch.matches_other':
    '{{matching}} lignes d’objets sur {{lanes}} contiennent « {{filter}} » : Entrée ouvre la première.',
  'watch.foldBig': 'groupes de plus de {{n}}',
  'watch.foldMany': 'au-delà de {{lanes}} lignes, groupes de plus de {{n}}',
  'watch.folded_one':
    '{{folded}} lignes d’objets sur {{lanes}} sont repliées en {{bands}} bande de densité ({{why}}) : cliquez sur une bande pour l’ouvrir, ou filtrez par nom.',
  'watch.folded_other':
    '{{folded}} lignes d’objets sur {{lanes}} sont repliées en {{bands}} bandes de densité ({{why}}) : cliquez sur une bande pour l’ouvrir, ou filtrez par nom.',
  'watch.emptyTitle': 'Rien n’est encore observé',
  'watch.emptyBefore': 'Choisissez une ressource et un namespace ci-dessus, puis',
  'watch.start': 'Lancer le watch',
  'watch.emptyAfter':
    '. Apiscope la liste (par pages) puis lance un watch depuis la resourceVersion de la liste, ou demande une liste en flux (l’état sous forme d’événements ADDED jusqu’à un bookmark, puis les changements) ; chaque événement se place sur un même axe global des resourceVersions.',
  'watch.legend': 'Légende',
  'watch.legendInitial': 'ADDED (état initial)',
  'watch.legendList': 'list',
  'watch.keys':
    'glisser : déplacer · Ctrl+molette : zoomer · Maj+glisser : zoomer sur une plage · ←→↑↓ : parcourir · +/−/0',
  // TimelineChart and its model (labels band, lane tags, tooltip, live region)
  'watch.chartLabel': 'Chronologie des resourceVersions',
  'watch.axisRv': 'resourceVersion →',
  'watch.axisTimeArrow': 'temps →',
  'watch.axisArrivalArrow': 'ordre d’arrivée →',
  'watch.lanesGroup': 'Watches',
  'watch.watchN': 'watch {{id}}',
  'watch.objects_one': '{{n}} objet',
  'watch.objects_other': '{{n}} objets',
  'watch.fold': 'replier',
  'watch.foldTitle': 'Replier ce groupe en une seule bande de densité',
  'watch.band': '{{what}} · densité',
  'watch.bandTitle':
    '{{what}} dans {{group}} : la densité de leurs événements ; cliquez pour les voir ligne par ligne',
  'watch.elsewhere': '+{{n}} ailleurs',
  'watch.elsewhereOrFolded': '+{{n}} ailleurs ou repliés',
  'watch.lineStream': 'initial-events-end @{{rv}} · {{n}} ADDED',
  'watch.lineList_one': 'LIST @{{rv}} · {{count}} page',
  'watch.lineList_other': 'LIST @{{rv}} · {{count}} pages',
  'watch.lineRelist_one': 'RELIST @{{rv}} · {{count}} page',
  'watch.lineRelist_other': 'RELIST @{{rv}} · {{count}} pages',
  'watch.lineListNoPage': 'LIST @{{rv}}',
  'watch.lineRelistNoPage': 'RELIST @{{rv}}',
  'watch.moreLabels': '+{{n}} autres : zoomez',
  'watch.tagRelayed': 'w{{id}} relayé',
  'watch.tagRelayedRows': 'w{{id}} relayé · lignes',
  'watch.tagStream': 'w{{id}} flux',
  'watch.tagList': 'w{{id}} liste',
  'watch.initialEventType': 'ADDED · événement initial d’une liste en flux',
  'watch.announce': 'Sélectionné : {{type}} {{what}}, resourceVersion {{rv}}',
  'watch.announceWatch': 'Sélectionné : {{type}} sur {{what}}, resourceVersion {{rv}}',
  // EventInspector
  'watch.inspector': 'Inspecteur d’événement',
  'watch.inspectorIdle':
    'Cliquez sur un événement (ou choisissez-en un avec les flèches) pour voir l’objet à cette version.',
  'watch.loading': 'Chargement…',
  'watch.versionOf': 'version {{n}} sur {{total}}',
  'watch.closeInspector': 'Fermer l’inspecteur (Échap)',
  'watch.deleteNoManager':
    'Un DELETE n’enregistre aucun gestionnaire de champs : les managedFields sont tels que le dernier écrivain les a laissés.',
  'watch.writtenBy': 'écrit par',
  'watch.via': 'via /{{subresource}}',
  'watch.noTime': 'heure non enregistrée',
  'watch.noManagerChange': 'Aucune entrée de managedFields n’a changé avec cette version.',
  'watch.ownershipTitle': 'Qui possède chaque champ de cet objet, et comment cela a évolué',
  'watch.ownership': 'Propriété ›',
  'watch.tableRow':
    'Une ligne de Table : le watch a demandé une Table, le serveur a donc envoyé les métadonnées de cet objet (PartialObjectMetadata), pas son spec ni ses données.',
  'watch.inspectorTabs': 'Inspecteur',
  'watch.tabDiff': 'Diff',
  'watch.tabRaw': 'Brut',
  'watch.rawLine': 'Une ligne du flux du watch',
  'watch.firstVersion': 'Première version vue : rien à comparer.',
  // WatchEventTable
  'watch.colEvent': 'ÉVÉNEMENT',
  'watch.colName': 'NAMESPACE/NOM',
  'watch.colKind': 'KIND',
  'watch.colTime': 'HEURE',
  'watch.initialEvent': 'événement initial d’une liste en flux',
  // WatchHealthPanel
  'watch.ago': 'il y a {{n}} s',
  'watch.noneYet': 'pas encore',
  'watch.stateWatching': 'en watch',
  'watch.stateListing': 'liste en cours',
  'watch.stateBackoff': 'en attente',
  'watch.stateFailed': 'échoué',
  'watch.stateStopped': 'arrêté',
  'watch.page_one': 'page {{n}} : {{count, number}} élément, rv {{rv}}',
  'watch.page_other': 'page {{n}} : {{count, number}} éléments, rv {{rv}}',
  'watch.remaining_one': ', {{count, number}} restant',
  'watch.remaining_other': ', {{count, number}} restants',
  'watch.opaque': '(opaque)',
  'watch.noWatch': 'Aucun watch pour l’instant. Lancez-en un ci-dessus.',
  'watch.filterWatches': 'Filtrer : ressource, namespace, état',
  'watch.filterWatchesLabel': 'Filtrer les watches',
  'watch.watchesShown_one': '{{n}} watch sur {{count}}',
  'watch.watchesShown_other': '{{n}} sur {{count}} watches',
  'watch.articleLabel': 'Watch {{id}}',
  'watch.encodingTitle': 'Content-Encoding de la réponse du watch',
  'watch.cutTitle': 'Met fin à la requête de {{client}} : sa connexion se ferme',
  'watch.cutLabel': 'Couper le watch relayé {{id}}',
  'watch.cut': 'Couper',
  'watch.stopLabel': 'Arrêter le watch {{id}}',
  'watch.stop': 'Arrêter',
  'watch.throttledNow': '429 Too Many Requests{{times}} :',
  'watch.throttledEarlier': 'Plus tôt, 429 Too Many Requests{{times}} :',
  'watch.apfRefused': 'API Priority and Fairness l’a refusé ; FlowSchema',
  'watch.notNamed': 'non nommé',
  'watch.priorityLevel': ', niveau de priorité',
  'watch.retryAfter': ', Retry-After {{n}} s',
  'watch.theLast': ' ; le dernier {{age}}.',
  'watch.fellBack': 'Repli :',
  'watch.dtBookmarkRv': 'rv du bookmark',
  'watch.dtListRv': 'rv de la liste',
  'watch.dtLastRv': 'dernière rv',
  'watch.dtListed_one': 'objet listé',
  'watch.dtListed_other': 'objets listés',
  'watch.dtListedTitle':
    'Les objets que la dernière liste a renvoyés (une liste en flux\u00a0: ses événements ADDED initiaux)',
  'watch.dtWatchEvents_one': 'événement du watch',
  'watch.dtWatchEvents_other': 'événements du watch',
  'watch.dtWatchEventsTitle':
    'Les événements ADDED, MODIFIED et DELETED que le watch a reçus (dont les événements initiaux d’une liste en flux)',
  'watch.dtBookmarks_one': 'bookmark',
  'watch.dtBookmarks_other': 'bookmarks',
  'watch.dtLastBookmark': 'dernier bookmark',
  'watch.dtRelists_one': 'reliste',
  'watch.dtRelists_other': 'relistes',
  'watch.dtReconnects_one': 'reconnexion',
  'watch.dtReconnects_other': 'reconnexions',
  'watch.dtResumes_one': 'reprise',
  'watch.dtResumes_other': 'reprises',
  'watch.afterReconnect': 'reconnexion',
  'watch.afterUnfinished': 'une liste inachevée',
  'watch.chipStream': 'LISTE EN FLUX',
  'watch.chipStreamAgain': 'LISTE EN FLUX de nouveau après {{why}}',
  'watch.chipList': 'LIST',
  'watch.chipRelist': 'RELIST après {{why}}',
  'watch.streamItems_one': '{{count}} événement ADDED initial, puis le BOOKMARK',
  'watch.streamItems_other': '{{count, number}} événements ADDED initiaux, puis le BOOKMARK',
  'watch.atRv': 'à la resourceVersion',
  'watch.compressed': ', compressé en {{encoding}}',
  'watch.listItems_one': '{{count, number}} élément à la resourceVersion',
  'watch.listItems_other': '{{count, number}} éléments à la resourceVersion',
  'watch.inPages_one': ', en {{count}} page',
  'watch.inPages_other': ', en {{count, number}} pages',
  'watch.inPagesSoFar_one': ', {{count}} page lue pour l’instant',
  'watch.inPagesSoFar_other': ', {{count, number}} pages lues pour l’instant',
  'watch.listCuts_one': ' · sa réponse a été coupée une fois',
  'watch.listCuts_other': ' · ses réponses ont été coupées {{count}} fois',
  'watch.listGaveUp': ' · incomplète : elle a abandonné, et le watch relance une liste',
  'watch.listStartedOver':
    ' · incomplète\u00a0: le serveur a refusé son jeton continue, et la liste a recommencé',
  'watch.listStartedOverAnswered':
    ' · incomplète\u00a0: sa page suivante a reçu la réponse {{code}}, et la liste a recommencé',
  'watch.pageCut_one': 'coupée après {{count, number}} élément : {{why}}',
  'watch.pageCut_other': 'coupée après {{count, number}} éléments : {{why}}',
  'watch.pageCutGoesOn': 'suite après le dernier élément reçu : continue construit par Apiscope →',
  'watch.pageCutTried':
    'suite demandée après le dernier élément reçu : continue construit par Apiscope →',
  'watch.pageTokenRefused':
    'le serveur a refusé ce jeton continue ({{code}})\u00a0: la liste a recommencé, à sa première page. Le serveur a dit\u00a0:',
  'watch.pageAnsweredAgain_one':
    'la demande de la page suivante a reçu la réponse {{code}}\u00a0: demandée à nouveau après {{s, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}}\u00a0s{{retryAfter}}. Le serveur a dit\u00a0:',
  'watch.pageAnsweredAgain_other':
    'la demande de la page suivante a reçu {{count}} fois la réponse {{code}}\u00a0: demandée à nouveau après chacune, la dernière fois après {{s, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}}\u00a0s{{retryAfter}}. Le serveur a dit\u00a0:',
  'watch.pageAnsweredWaiting_one':
    'la demande de la page suivante a reçu la réponse {{code}}\u00a0: nouvelle demande après {{s, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}}\u00a0s{{retryAfter}}. Le serveur a dit\u00a0:',
  'watch.pageAnsweredWaiting_other':
    'la demande de la page suivante a reçu {{count}} fois la réponse {{code}}\u00a0: demandée à nouveau après chacune, et nouvelle demande après {{s, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}}\u00a0s{{retryAfter}}. Le serveur a dit\u00a0:',
  'watch.pageAnsweredRetryAfter': ' (le Retry-After du serveur\u00a0: {{n}}\u00a0s)',
  'watch.pageAnsweredStartedOver':
    'la demande de la page suivante a reçu la réponse {{code}}\u00a0: la liste a recommencé, à sa première page. Le serveur a dit\u00a0:',
  'watch.pageCutAgain': 'rien n’était arrivé : demandée à nouveau',
  'watch.pageCutAgainPending': 'rien n’était arrivé\u00a0: nouvelle demande en cours',
  'watch.pageCutGaveUp': 'la liste a abandonné ici',
  'watch.hiddenPages_one': '{{count, number}} page de plus, avec son jeton continue (non affichée)',
  'watch.hiddenPages_other':
    '{{count, number}} pages de plus, chacune avec son jeton continue (non affichées)',
  'watch.healthHelp':
    'Un watch obtient l’état par une liste (par pages) ou par une liste en flux (des événements ADDED jusqu’au bookmark initial-events-end) ; il reprend depuis sa dernière resourceVersion quand le serveur le termine après timeoutSeconds (une reprise) ; après une erreur, il attend puis se reconnecte ; après un 410 Expired, il obtient de nouveau l’état de la même façon (il reliste).',
  // WatchPicker and watch-mode.ts
  'watch.pickerLabel': 'Lancer un watch',
  'watch.pickResource': 'Ressource à observer',
  'watch.pickIn': 'dans',
  'watch.pickNamespace': 'Namespace à observer',
  'watch.pickAll': 'tous',
  'watch.labelSelector': 'Sélecteur de labels',
  'watch.fieldSelector': 'Sélecteur de champs',
  'watch.pageSizeTitle':
    'La limite de la liste, comme kubectl --chunk-size ; vide : tous les objets en une requête (une liste en flux n’a pas de pages)',
  'watch.pageSizeNone': 'sans limite',
  'watch.pagesOf': 'pages de',
  'watch.pageSize': 'Taille de page (limit)',
  'watch.modeTitle':
    'auto : une liste en flux si le serveur en sert (sendInitialEvents=true), sinon list puis watch',
  'watch.pickAs': 'en',
  'watch.modeLabel': 'Comment le watch commence',
  'watch.bothTitle':
    'Deux watches sur les mêmes objets : l’un liste puis observe, l’autre demande une liste en flux',
  'watch.both': 'Les deux',
  'watch.modeAuto': 'auto',
  'watch.modeListWatch': 'list puis watch',
  'watch.modeStreaming': 'liste en flux',
  'watch.modeFromRv': 'watch depuis une resourceVersion',
  'watch.modeTableRows': '{{how}} · lignes de Table',
  'watch.modeAutoFallback': 'auto : list puis watch (repli)',
  'watch.modeAutoStream': 'auto : liste en flux',
  'watch.modeAutoList': 'auto : list puis watch',
  // RedactedFields
  'watch.redacted_one': '{{count}} valeur secrète masquée',
  'watch.redacted_other': '{{count}} valeurs secrètes masquées',
  'watch.reveal': 'Afficher à l’écran',
  'watch.hide': 'Masquer',
  'watch.revealFailed': '{{title}} : {{detail}}',
  // RelayedWatchNote
  'watch.relayed': 'relayé',
  'watch.openedBy': 'Ouvert par',
  'watch.relayedThrough':
    ' via le kubectl proxy d’Apiscope, requête n° {{seq}} du journal des requêtes. Apiscope lit sa réponse au passage : il n’a pas lancé ce watch et ne le reprend pas ; il prend fin quand {{client}} ou l’API server y met fin.',
  'watch.noCommandBefore': 'Ce kubectl n’envoie pas d’en-tête',
  'watch.noCommandAfter': '(kubectl l’envoie depuis la 1.22) : la commande n’est pas connue.',
  'watch.tableRows': 'Des lignes de Table, pas des objets :',
  'watch.tableAsked': 'kubectl a demandé une Table',
  'watch.tableEach':
    ', chaque événement porte donc une ligne : ses cellules affichées et les métadonnées de l’objet',
  'watch.tableKeeps':
    ', avec ses managedFields), pas l’objet. Apiscope garde les métadonnées, que l’inspecteur affiche ; ces lignes sont marquées',
  'watch.tagRows': 'lignes',
  'watch.tableOr': 'ou',
  'watch.tableWhole': 'demande des objets entiers.',
  'watch.notRead': 'Non lu :',
  'watch.streamIs': 'le flux est en',
  'watch.binary':
    ', binaire ; ses événements sont relayés mais ne figurent pas sur la chronologie.',
  // The core's words for a watch (src-main/core/watch/): its label, state reasons, fallback
  'watch.core.labelIn': '{{resource}} dans {{namespace}}{{selectors}}',
  'watch.core.labelAll': '{{resource}} (tous les namespaces){{selectors}}',
  'watch.core.starting': 'démarrage',
  'watch.core.stopped': 'arrêté par l’utilisateur',
  'watch.core.retrying':
    '{{reason}} ; nouvel essai dans {{s, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}}\u00a0s',
  'watch.core.retryingAfter':
    '{{reason}} ; nouvel essai dans {{s, number(minimumFractionDigits: 1; maximumFractionDigits: 1)}}\u00a0s (le Retry-After du serveur\u00a0: {{after}}\u00a0s)',
  'watch.core.listing': 'lecture de la liste',
  'watch.core.relistingExpired': 'nouvelle liste après 410 Expired',
  'watch.core.relistingReconnect': 'nouvelle liste après reconnexion',
  'watch.core.relistingStartedOver': 'nouvelle liste après une liste inachevée',
  'watch.core.askAgain': 'lecture de la liste : nouvelle demande de la page {{n}}',
  'watch.core.progress': 'lecture de la liste : page {{pages}} · {{items, number}} objets reçus',
  'watch.core.progress_one': 'lecture de la liste : page {{pages}} · {{items, number}} objet reçu',
  'watch.core.progress_other':
    'lecture de la liste : page {{pages}} · {{items, number}} objets reçus',
  'watch.core.progressExpired':
    'nouvelle liste après 410 Expired : page {{pages}} · {{items, number}} objets reçus',
  'watch.core.progressExpired_one':
    'nouvelle liste après 410 Expired : page {{pages}} · {{items, number}} objet reçu',
  'watch.core.progressExpired_other':
    'nouvelle liste après 410 Expired : page {{pages}} · {{items, number}} objets reçus',
  'watch.core.progressReconnect':
    'nouvelle liste après reconnexion : page {{pages}} · {{items, number}} objets reçus',
  'watch.core.progressReconnect_one':
    'nouvelle liste après reconnexion : page {{pages}} · {{items, number}} objet reçu',
  'watch.core.progressReconnect_other':
    'nouvelle liste après reconnexion : page {{pages}} · {{items, number}} objets reçus',
  'watch.core.progressStartedOver':
    'nouvelle liste après une liste inachevée : page {{pages}} · {{items, number}} objets reçus',
  'watch.core.progressStartedOver_one':
    'nouvelle liste après une liste inachevée : page {{pages}} · {{items, number}} objet reçu',
  'watch.core.progressStartedOver_other':
    'nouvelle liste après une liste inachevée : page {{pages}} · {{items, number}} objets reçus',
  'watch.core.progressStartedOverLeft':
    'nouvelle liste après une liste inachevée : page {{pages}} · {{items, number}} objets reçus · environ {{left, number}} à venir',
  'watch.core.progressStartedOverLeft_one':
    'nouvelle liste après une liste inachevée : page {{pages}} · {{items, number}} objet reçu · environ {{left, number}} à venir',
  'watch.core.progressStartedOverLeft_other':
    'nouvelle liste après une liste inachevée : page {{pages}} · {{items, number}} objets reçus · environ {{left, number}} à venir',
  'watch.core.progressLeft':
    'lecture de la liste : page {{pages}} · {{items, number}} objets reçus · environ {{left, number}} à venir',
  'watch.core.progressLeft_one':
    'lecture de la liste : page {{pages}} · {{items, number}} objet reçu · environ {{left, number}} à venir',
  'watch.core.progressLeft_other':
    'lecture de la liste : page {{pages}} · {{items, number}} objets reçus · environ {{left, number}} à venir',
  'watch.core.progressExpiredLeft':
    'nouvelle liste après 410 Expired : page {{pages}} · {{items, number}} objets reçus · environ {{left, number}} à venir',
  'watch.core.progressExpiredLeft_one':
    'nouvelle liste après 410 Expired : page {{pages}} · {{items, number}} objet reçu · environ {{left, number}} à venir',
  'watch.core.progressExpiredLeft_other':
    'nouvelle liste après 410 Expired : page {{pages}} · {{items, number}} objets reçus · environ {{left, number}} à venir',
  'watch.core.progressReconnectLeft':
    'nouvelle liste après reconnexion : page {{pages}} · {{items, number}} objets reçus · environ {{left, number}} à venir',
  'watch.core.progressReconnectLeft_one':
    'nouvelle liste après reconnexion : page {{pages}} · {{items, number}} objet reçu · environ {{left, number}} à venir',
  'watch.core.progressReconnectLeft_other':
    'nouvelle liste après reconnexion : page {{pages}} · {{items, number}} objets reçus · environ {{left, number}} à venir',
  'watch.core.streamWaiting': 'liste en flux : en attente des événements initiaux',
  'watch.core.streamAgainExpired': 'liste en flux de nouveau après 410 Expired',
  'watch.core.streamAgainReconnect': 'liste en flux de nouveau après reconnexion',
  'watch.core.receiving': 'liste en flux : réception des événements initiaux',
  'watch.core.receivingGz':
    'liste en flux : réception des événements initiaux (compressés en {{encoding}})',
  'watch.core.watchingFrom': 'watch depuis {{rv}}',
  'watch.core.watchingAfterStream':
    'watch depuis {{rv}}, là où se sont terminés les {{n}} événements initiaux de la liste en flux',
  'watch.core.watchingAfterStream_one':
    'watch depuis {{rv}}, où la liste en flux s’est terminée après {{n}} événement initial',
  'watch.core.watchingAfterStream_other':
    'watch depuis {{rv}}, où la liste en flux s’est terminée après {{n, number}} événements initiaux',
  'watch.core.fallback': 'le serveur a refusé la liste en flux ({{answer}}) ; list, puis watch',
  'watch.core.refused':
    'le serveur a refusé la liste en flux ({{answer}}). Kubernetes en sert une depuis la 1.27 quand la feature gate WatchList est active (par défaut en 1.32, et depuis la 1.34) : lancez ce watch en auto ou en list puis watch',
  // A watch the kubectl proxy relays (core/watch/relayed-watch.ts)
  'watch.core.relayLabel': '{{origin}} · {{what}}',
  'watch.core.relayBinary': '{{type}} relayé : un flux binaire, non lu',
  'watch.core.relayBinaryNoType': 'relayé sans Content-Type : un flux binaire, non lu',
  'watch.core.relayStreaming':
    'relayé depuis {{client}} : une liste en flux, en attente de ses événements initiaux',
  'watch.core.relayWatching': 'relayé depuis {{client}} : watch depuis {{rv}}',
  'watch.core.relayWatchingLatest':
    'relayé depuis {{client}} : watch depuis la dernière resourceVersion',
  'watch.core.relayCut': 'coupé depuis Apiscope : le client a vu sa connexion se fermer',
  'watch.core.relayEndedError': 'terminé par l’API server après son ERROR {{error}}',
  'watch.core.relayEndedServer': 'terminé : l’API server a fermé le watch',
  'watch.core.relayEnded': 'terminé : {{error}}',
  'watch.core.relayClientClosed': 'terminé : {{client}} a fermé la connexion',
  'watch.core.relayAfterStream_one':
    'relayé depuis {{client}} : watch depuis {{rv}}, là où s’est terminé le {{count}} événement initial de la liste en flux',
  'watch.core.relayAfterStream_other':
    'relayé depuis {{client}} : watch depuis {{rv}}, là où se sont terminés les {{count, number}} événements initiaux de la liste en flux',
  'watch.core.relaySentError': 'l’API server a envoyé ERROR {{error}}',
  'watch.core.relayNotRead': 'non lu au-delà d’ici ({{why}}) ; le relais continue',
  // Why a watch backs off (the {{reason}} of watch.core.retrying)
  'watch.core.listAnswered': 'la requête list a reçu {{code}} : {{message}}',
  'watch.core.listAnsweredApf':
    'la requête list a reçu {{code}} : {{message}} (FlowSchema {{fs}}, niveau de priorité {{pl}})',
  'watch.core.watchAnswered': 'la requête watch a reçu {{code}} : {{message}}',
  'watch.core.watchAnsweredApf':
    'la requête watch a reçu {{code}} : {{message}} (FlowSchema {{fs}}, niveau de priorité {{pl}})',
  'watch.core.pageLost': 'page {{n}} de la liste perdue ({{message}})',
  'watch.core.pageAnswered': 'la page {{n}} de la liste a reçu {{code}} : {{message}}',
  'watch.core.pageAnsweredApf':
    'la page {{n}} de la liste a reçu {{code}} : {{message}} (FlowSchema {{fs}}, niveau de priorité {{pl}})',
  'watch.core.answerCut': 'connexion perdue ({{message}})',
  'watch.core.listCutGoingOn':
    'réponse de liste coupée après {{items, number}} objets ({{reason}}) : suite après le dernier, par pages de {{limit}}',
  'watch.core.listCutGoingOn_one':
    'réponse de liste coupée après {{items, number}} objet ({{reason}}) : suite après le dernier, par pages de {{limit}}',
  'watch.core.listCutGoingOn_other':
    'réponse de liste coupée après {{items, number}} objets ({{reason}}) : suite après le dernier, par pages de {{limit}}',
  'watch.core.pageExpired': 'page de la liste expirée ({{message}})',
  'watch.core.listMalformed': 'réponse de liste mal formée ({{message}})',
  'watch.core.listSilent': 'aucune donnée depuis {{s}} s dans la réponse de liste',
  'watch.core.malformed': 'flux du watch mal formé ({{message}})',
  'watch.core.connectionLost': 'connexion du watch perdue : {{message}}',
  'watch.core.notAList': 'pas une liste : {{why}}',
  'watch.core.list.object': 'une liste est un objet JSON',
  'watch.core.list.key': 'une clé était attendue',
  'watch.core.list.colon': 'un deux-points était attendu',
  'watch.core.list.twoItems': 'deux "items"',
  'watch.core.list.commaBracket': 'une virgule ou ] était attendu',
  'watch.core.list.commaBrace': 'une virgule ou } était attendu',
  'watch.core.list.item': 'un élément est un objet JSON',
  'watch.core.list.after': 'des octets après la liste',
  'watch.core.list.cut': 'la liste s’est arrêtée avant son dernier octet',
  'watch.core.list.noItems': 'pas de "items"',
  'watch.core.list.metadata': 'son metadata n’est pas un objet',
  'watch.core.itemNotJson': 'un élément n’est pas du JSON',
  'watch.core.itemNotJsonAt':
    'un élément n’est pas du JSON (à partir du caractère {{at, number}} de l’élément)',
  'watch.core.notAnEvent': 'pas un événement de watch ({{shape}})',
  'watch.core.streamClosed': 'connexion fermée avant la fin du flux',
  'watch.core.goneNote':
    'absent de la nouvelle liste à {{rv}} : supprimé pendant qu’aucun watch n’était ouvert',
  'watch.core.stallNote': 'aucune donnée depuis {{s}} s : le watch redémarre',
  'watch.core.relayStoppedNote': 'Apiscope a cessé de lire ce watch relayé : {{why}}',
  'watch.core.why.gzip': 'gzip : {{message}}',
  'watch.core.why.behind':
    'plus de {{mb, number}} Mo sont arrivés avant qu’Apiscope puisse les lire',
  'watch.core.why.notEvent':
    'une ligne qui n’est pas un événement de watch ({{message}}) : {{line}}',
  'watch.core.why.table': 'un événement Table illisible : {{message}}',
  'watch.core.goneStreamNote':
    'absent de la liste en streaming à {{rv}} : supprimé pendant qu’aucun watch n’était ouvert',
  'watch.core.malformedNote': 'ligne mal formée dans le flux du watch : {{message}} : {{line}}',
  'watch.core.errorEvent': 'événement ERROR {{code}} du watch : {{message}}',
  'watch.err.noObject': 'Aucun objet derrière l’événement {{index}}',
  'watch.err.noObjectDetail': 'Les bookmarks et les erreurs ne portent aucun objet.',
}

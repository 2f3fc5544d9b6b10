// French texts of the store area: exactly the keys of store.en.ts (see fr.ts).
import type { storeEn } from './store.en'

export const storeFr: { readonly [K in keyof typeof storeEn]: string } = {
  'store.folded_one':
    '{{count}} version plus ancienne de cet objet a été repliée pour rester dans le budget du magasin ({{mb, number}} Mo) ; un enregistrement les garde toutes.',
  'store.folded_other':
    '{{count, number}} versions plus anciennes de cet objet ont été repliées pour rester dans le budget du magasin ({{mb, number}} Mo) ; un enregistrement les garde toutes.',
  'store.diffFrom': 'Le diff se fait avec la version {{n}}, la première gardée.',
  'store.chip': 'replié',
  'store.foldedStore_one':
    '{{count}} version plus ancienne de {{objects}} a été repliée pour rester dans le budget du magasin ({{mb, number}} Mo) ; chaque objet garde sa première et ses dernières versions ; un enregistrement les garde toutes.',
  'store.foldedStore_other':
    '{{count, number}} versions plus anciennes de {{objects}} ont été repliées pour rester dans le budget du magasin ({{mb, number}} Mo) ; chaque objet garde sa première et ses dernières versions ; un enregistrement les garde toutes.',
  'store.objects_one': '{{count}} objet actif',
  'store.objects_other': '{{count, number}} objets actifs',
  'store.foldedDeletedStore_one':
    'Les versions de {{count}} objet supprimé ({{versions}}) ont été repliées pour rester dans le budget du magasin ({{mb, number}} Mo) : ses marques restent sur la frise tant que les événements tiennent dans la moitié du budget, pour montrer qu’il a existé et a été supprimé ; un enregistrement les garde toutes.',
  'store.foldedDeletedStore_other':
    'Les versions de {{count, number}} objets supprimés ({{versions}}) ont été repliées pour rester dans le budget du magasin ({{mb, number}} Mo) : leurs marques restent sur la frise tant que les événements tiennent dans la moitié du budget, pour montrer qu’ils ont existé et ont été supprimés ; un enregistrement les garde toutes.',
  'store.foldedDeletedGone_one':
    'Les versions de {{count}} objet supprimé ({{versions}}) ont été repliées pour rester dans le budget du magasin ({{mb, number}} Mo).',
  'store.foldedDeletedGone_other':
    'Les versions de {{count, number}} objets supprimés ({{versions}}) ont été repliées pour rester dans le budget du magasin ({{mb, number}} Mo).',
  'store.foldedMarks_one':
    '{{count}} marque a aussi été repliée, pour garder les événements dans la moitié du budget : celles des versions repliées, et toutes celles de {{deleted}} (leurs lignes ont disparu).',
  'store.foldedMarks_other':
    '{{count, number}} marques ont aussi été repliées, pour garder les événements dans la moitié du budget : celles des versions repliées, et toutes celles de {{deleted}} (leurs lignes ont disparu).',
  'store.foldedMarksOfVersions_one':
    '{{count}} marque a aussi été repliée, pour garder les événements dans la moitié du budget : celle d’une version repliée.',
  'store.foldedMarksOfVersions_other':
    '{{count, number}} marques ont aussi été repliées, pour garder les événements dans la moitié du budget : celles des versions repliées.',
  'store.deletedObjects_one': '{{count}} objet supprimé',
  'store.deletedObjects_other': '{{count, number}} objets supprimés',
  'store.markFolded': 'Cette marque a été repliée',
  'store.markFoldedDetail':
    'Cette marque et sa version ont été repliées pour rester dans le budget du magasin ({{mb, number}} Mo) ; un enregistrement les garde toutes.',
  'store.markFoldedNext': 'Rejouez un enregistrement pour voir chaque marque et chaque version.',
  'store.versions_one': '{{count}} version',
  'store.versions_other': '{{count, number}} versions',
  'store.foldedDeletedObject_one':
    'Cet objet a été supprimé ; son unique version a été repliée pour rester dans le budget du magasin ({{mb, number}} Mo) : ses marques restent sur la frise ; un enregistrement les garde toutes.',
  'store.foldedDeletedObject_other':
    'Cet objet a été supprimé ; ses {{count, number}} versions ont été repliées pour rester dans le budget du magasin ({{mb, number}} Mo) : ses marques restent sur la frise ; un enregistrement les garde toutes.',
  'store.versionFoldedDeletedNext': 'Rejouez un enregistrement pour voir ses versions.',
  'store.versionFolded': 'Cette version a été repliée',
  'store.versionFoldedNext':
    'Ouvrez l’objet à une version plus récente, ou rejouez un enregistrement pour voir toutes les versions.',
  'store.settingLabel': 'Budget du magasin',
  'store.settingUnit': 'Mo',
  'store.settingDefault': 'Par défaut ({{mb, number}} Mo)',
  'store.settingInvalid': 'Un nombre de Mo, 0 ou plus.',
  'store.settingHelp':
    'Le budget compte tout ce que garde le magasin des watches : chaque version gardée, avec ce que l’historique garde pour elle, et chaque événement (sa marque, sa place dans la liste de son objet, la fiche de son objet). Au-delà de {{mb, number}} Mo, il replie les versions des objets supprimés, puis les anciennes versions des objets les plus actifs, puis celles des plus calmes ; chaque objet vivant garde sa première version et ses deux dernières. Les événements sont comptés aussi : une fois qu’ils prennent la moitié du budget, les marques des versions repliées sont repliées à leur tour, celles des objets supprimés d’abord (leurs lignes disparaissent). Un enregistrement garde chaque version et chaque marque.',
  'store.settingHelpNone':
    'Sans budget : le magasin des watches garde chaque version tant que l’app tourne.',
  'store.settingDefaultHelp': 'Par défaut {{mb, number}} Mo ; 0 garde toutes les versions.',
  'store.settingRemembered': 'Mémorisé sur cet ordinateur.',
  'store.settingNotRemembered': 'Pour cette fois seulement : il n’a pas pu être enregistré.',
  'store.serveFlag': `      --store-budget : Mo que peut garder le magasin des watches, versions et
      événements comptés (par défaut {{mb}} ; 0 : sans limite) ; au-delà, les
      versions des objets supprimés, puis les anciennes versions des objets
      actifs et calmes sont repliées, et au-delà de sa moitié les marques des
      versions repliées`,
  'store.badBudget': '--store-budget doit être un nombre de Mo, 0 ou plus, pas « {{value}} »',
}

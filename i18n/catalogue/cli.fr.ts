// French texts of the cli area: exactly the keys of cli.en.ts (see fr.ts).
import type { cliEn } from './cli.en'

export const cliFr: { readonly [K in keyof typeof cliEn]: string } = {
  'cli.exitCodes': `Codes de sortie :
  0  terminé (ou --help)
  1  échec en cours de route : aucun cluster n’a répondu, un fichier n’a pu
     être écrit...
  2  erreur d’usage : commande ou option inconnue, valeur manquante ou
     invalide`,
  'cli.serveUsage': `  apiscope serve [--port N] [--no-open] [--demo | --demo-if-no-cluster]
                 [--store-budget Mo]
      mode navigateur sur 127.0.0.1 (affiche l’URL et son jeton) ;
      --demo ouvre l’enregistrement de démo fourni, sans cluster ;
      --demo-if-no-cluster l’ouvre si aucun cluster ne répond ;`,
  'cli.recordUsage': `  apiscope record --out FICHIER [--context C]
                  [--watch configmaps,deployments.apps]
                  [--namespace N] [--audit-webhook PORT | --audit-log CHEMIN]
                  [--gzip] [--include-secrets] [--title T] [--proxy]
      enregistre jusqu’à interruption, en affichant sa progression ; --proxy
      ouvre aussi le proxy kubectl et affiche sa ligne : les commandes kubectl
      tapées là sont enregistrées`,
  'cli.proxyUsage': `  apiscope proxy [--context C] [--quiet]
      relaie kubectl vers le contexte par un proxy local et affiche la ligne à
      coller (export KUBECONFIG=...), puis chaque requête au passage, jusqu’à
      interruption ; --quiet n’affiche que la ligne`,
  'cli.footer': 'Le cluster vient de KUBECONFIG ou de ~/.kube/config, comme pour kubectl.',
  'cli.title': 'Apiscope {{version}} : rend visible le serveur d’API de Kubernetes.',
  'cli.usage': 'Usage :',
  'cli.commandHelp': `  apiscope <commande> --help
      l’usage de cette commande (ou apiscope help <commande>)`,
  'cli.language': `Langue : français si LC_ALL, LC_MESSAGES ou LANG nomme fr (fr_FR.UTF-8),
anglais sinon.`,
  'cli.unknownCommand': 'commande inconnue « {{command}} »',
  'cli.unknownOption': 'option inconnue « {{option}} »',
  'cli.needsValue': 'l’option « {{option}} » attend une valeur',
  'cli.unexpected': 'argument inattendu {{argument}}',
  'cli.port': '--port doit être un nombre de 0 à 65535, pas « {{value}} »',
  'cli.notBuilt': 'Le renderer n’est pas construit ({{dir}} manque). Lancez : npm run build:only',
  'cli.running':
    'Apiscope tourne en mode navigateur. Ouvrez cette URL (elle porte un jeton propre à ce lancement) :',

  // La progression de `apiscope record` et `apiscope proxy` (stderr)
  'cli.rec.outRequired': '--out FICHIER est obligatoire',
  'cli.rec.bothAudit': 'donnez --audit-webhook ou --audit-log, pas les deux',
  'cli.rec.discoveryFailed': 'la découverte a échoué : {{title}}',
  'cli.rec.noResource':
    'le serveur ne sert aucune ressource « {{spec}} » sur laquelle poser un watch',
  'cli.rec.secrets':
    'apiscope : les valeurs des Secrets sont enregistrées en clair (--include-secrets)',
  'cli.rec.watchFailed': 'watch {{resource}} : {{title}}',
  'cli.rec.auditFailed': 'flux d’audit : {{title}}. {{detail}}',
  'cli.rec.proxyFailed': 'proxy kubectl : {{title}}. {{detail}}',
  'cli.rec.proxyOpen':
    'apiscope : proxy kubectl ouvert ; les commandes kubectl lancées après cette ligne sont enregistrées :',
  'cli.rec.recording': 'apiscope : enregistrement de {{resources}} dans {{out}} ; Ctrl-C l’arrête',
  'cli.rec.recordingIn':
    'apiscope : enregistrement de {{resources}} du namespace {{namespace}} dans {{out}} ; Ctrl-C l’arrête',
  'cli.rec.progress': 'événements {{events}} · {{size}} · {{clock}}',
  'cli.rec.recorded_one':
    'apiscope : {{count}} événement enregistré, {{size}}, {{clock}} dans {{out}}',
  'cli.rec.recorded_other':
    'apiscope : {{count, number}} événements enregistrés, {{size}}, {{clock}} dans {{out}}',
  'cli.proxy.open':
    'apiscope : proxy kubectl pour le contexte {{context}} sur {{address}}. Collez cette ligne dans un terminal :',
  'cli.proxy.stops': 'apiscope : Ctrl-C arrête le proxy et supprime son kubeconfig.',
  'cli.proxy.relayed': '{{method}} {{url}} {{status}} en {{ms}} millisecondes',
  'cli.proxy.failed': 'échec',
}

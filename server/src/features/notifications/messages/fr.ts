import type { TEmailMessageId } from './en.js';

/**
 * Kaleido's e-mails in French (vous). As in the web catalogs and the server messages, a no-break space
 * (\u00a0) goes before : ; ? ! and inside « », as French typography wants.
 */
export const emailFr: Record<TEmailMessageId, string> = {
  'email.layout.greeting': 'Bonjour {name},',
  'email.layout.row': '{label}\u00a0: {value}',
  'email.layout.settings': 'Préférences e-mail',
  'email.layout.unsubscribe': 'Se désabonner',
  'email.layout.reason.security':
    'Ceci est une alerte de sécurité\u00a0: Kaleido envoie toujours ces e-mails, quelles que soient vos préférences.',
  'email.layout.reason.notifications':
    'Vous recevez cet e-mail car les notifications par e-mail sont activées dans vos paramètres Kaleido.',
  'email.layout.reason.marketing':
    'Vous recevez cet e-mail car vous avez accepté de recevoir les actualités de Kaleido.',

  'email.label.prompt': 'Description',
  'email.label.ended': 'Date de fin',
  'email.label.finished': 'Date de fin',
  'email.label.item': 'Article',
  'email.label.amount': 'Montant',
  'email.label.credits': 'Crédits',
  'email.label.invoice': 'Facture',
  'email.label.date': 'Date',
  'email.label.paidWith': 'Payé avec',
  'email.label.currentPlan': 'Forfait actuel',
  'email.label.newPlan': 'Nouveau forfait',
  'email.label.takesEffect': 'Prise d’effet',
  'email.label.when': 'Date et heure',
  'email.label.ipAddress': 'Adresse IP',
  'email.label.device': 'Appareil',

  'email.jobFailed.title':
    '{kind, select, image {Votre image n’a pas pu être créée} model {Votre objet 3D n’a pas pu être créé} other {Votre vidéo n’a pas pu être créée}}',
  'email.jobFailed.fallback':
    '{kind, select, image {Kaleido n’a pas pu terminer votre image.} model {Kaleido n’a pas pu terminer votre objet 3D.} other {Kaleido n’a pas pu terminer votre vidéo.}}',
  'email.jobFailed.reason.contentPolicy':
    'La description a été refusée par les filtres de sécurité du modèle.',
  'email.jobFailed.reason.timeout': 'La génération prenait trop de temps et a été arrêtée.',
  'email.jobFailed.reason.busy': 'Le fournisseur du modèle est surchargé ou indisponible pour le moment.',
  'email.jobFailed.reason.invalidInput': 'Le modèle n’a pas accepté ces réglages.',
  'email.jobFailed.reason.outputExpired':
    'Le résultat a expiré chez le fournisseur avant que Kaleido ne puisse l’enregistrer.',
  'email.jobFailed.reason.interrupted': 'La génération a été interrompue.',
  'email.jobFailed.refund':
    'Les crédits réservés ont été remis sur votre solde. Vous pouvez réessayer avec la même description.',
  'email.jobFailed.action': 'Réessayer',

  'email.jobReady.title':
    '{kind, select, image {Votre image est prête} model {Votre objet 3D est prêt} other {Votre vidéo est prête}}',
  'email.jobReady.inLibrary':
    '{kind, select, image {Kaleido a terminé l’image demandée\u00a0; elle vous attend dans votre bibliothèque.} model {Kaleido a terminé l’objet 3D demandé\u00a0; il vous attend dans votre bibliothèque.} other {Kaleido a terminé la vidéo demandée\u00a0; elle vous attend dans votre bibliothèque.}}',
  'email.jobReady.unsaved':
    '{kind, select, image {Kaleido a terminé l’image demandée.} other {Kaleido a terminé la vidéo demandée.}} L’enregistrement automatique est désactivé\u00a0: enregistrez-la depuis l’historique du générateur sous {days, plural, one {# jour} other {# jours}} pour la conserver.',
  'email.jobReady.openGenerator': 'Ouvrir le générateur',
  'email.jobReady.openLibrary': 'Voir dans votre bibliothèque',

  'email.creditsLow.subject': 'Vos crédits Kaleido s’épuisent',
  'email.creditsLow.preheader':
    '{count, plural, one {Il vous reste # crédit.} other {Il vous reste # crédits.}}',
  'email.creditsLow.heading': 'Vos crédits s’épuisent',
  'email.creditsLow.body':
    '{count, plural, one {Il vous reste # crédit.} other {Il vous reste # crédits.}} Achetez un pack de crédits ou changez de forfait pour continuer à créer.',
  'email.creditsLow.action': 'Voir les forfaits et les packs',

  'email.receipt.subject': 'Reçu Kaleido {number}',
  'email.receipt.heading.pack': 'Merci pour votre achat',
  'email.receipt.heading.plan': 'Votre forfait {plan} est actif',
  'email.receipt.heading.renewal': 'Votre forfait {plan} a été renouvelé',
  'email.receipt.body.pack': 'Votre pack de crédits est réglé et ses crédits sont prêts à l’emploi.',
  'email.receipt.body.plan':
    'Votre passage au forfait supérieur est réglé et s’applique dès maintenant\u00a0: un nouveau mois de facturation a commencé aujourd’hui.',
  'email.receipt.body.renewal':
    'Votre forfait a été renouvelé pour un mois et vos crédits mensuels ont été réinitialisés.',
  'email.receipt.item.pack': '{credits, plural, one {# crédit} other {# crédits}}',
  'email.receipt.item.packBonus':
    '{credits, plural, one {# crédit} other {# crédits}} + {bonus, number} offerts',
  'email.receipt.item.plan':
    'Passage au forfait {plan} ({credits, plural, one {# crédit mensuel} other {# crédits mensuels}})',
  'email.receipt.item.renewal': 'Forfait {plan}, renouvellement mensuel',
  'email.receipt.credits.pack':
    '{total, plural, one {# crédit ajouté} other {# crédits ajoutés}} à votre solde',
  'email.receipt.credits.packBonus':
    '{total, plural, one {# crédit ajouté} other {# crédits ajoutés}} à votre solde ({credits, number} + {bonus, number} offerts)',
  'email.receipt.credits.monthly': '{credits, plural, one {# crédit mensuel} other {# crédits mensuels}}',
  'email.receipt.card': '{brand} se terminant par {last4}',
  'email.billing.action.view': 'Voir la facturation',
  'email.billing.action.update': 'Mettre à jour la facturation',

  'email.downgrade.subject': 'Votre forfait passe à {plan} le {date}',
  'email.downgrade.preheader': 'Vous conservez {plan} jusqu’à la fin de ce mois de facturation.',
  'email.downgrade.heading': 'Votre forfait passe à {plan}',
  'email.downgrade.body':
    'Vous conservez le forfait {from} et ses crédits jusqu’à la fin de ce mois de facturation. Ensuite, vous passerez au forfait {to}, avec {credits, plural, one {# crédit mensuel} other {# crédits mensuels}}. Ce changement ne vous sera pas facturé.',
  'email.downgrade.undo':
    'Vous avez changé d’avis\u00a0? Choisissez à nouveau votre forfait actuel avant cette date pour le conserver.',

  'email.planChanged.subject': 'Votre forfait {plan} est maintenant actif',
  'email.planChanged.preheader': '{credits, plural, one {# crédit mensuel.} other {# crédits mensuels.}}',
  'email.planChanged.body':
    'Le changement prévu a pris effet avec le nouveau mois de facturation\u00a0: {credits, plural, one {# crédit mensuel} other {# crédits mensuels}}. Les crédits que vous avez achetés sont conservés.',
  'email.renewalFailed.subject': 'Votre forfait {plan} n’a pas pu être renouvelé',
  'email.renewalFailed.preheader': 'Votre compte est passé au forfait {plan}.',
  'email.renewalFailed.body':
    'Nous n’avons pas pu débiter votre carte pour le nouveau mois de facturation\u00a0: votre compte est donc passé au forfait {plan}, avec {credits, plural, one {# crédit mensuel} other {# crédits mensuels}}. Les crédits que vous avez achetés sont conservés.',
  'email.renewalFailed.bodyWithReason':
    'Nous n’avons pas pu débiter votre carte pour le nouveau mois de facturation ({reason})\u00a0: votre compte est donc passé au forfait {plan}, avec {credits, plural, one {# crédit mensuel} other {# crédits mensuels}}. Les crédits que vous avez achetés sont conservés.',
  'email.renewalFailed.noCard': 'aucune carte enregistrée',
  'email.renewalFailed.again':
    'Ajoutez ou mettez à jour une carte, puis choisissez à nouveau {plan} pour retrouver ses crédits.',

  'email.security.passwordChanged.subject': 'Votre mot de passe Kaleido a été modifié',
  'email.security.passwordChanged.heading': 'Votre mot de passe a été modifié',
  'email.security.passwordChanged.happened':
    'Le mot de passe de votre compte Kaleido a été modifié et vos autres sessions ont été déconnectées.',
  'email.security.passwordReset.subject': 'Votre mot de passe Kaleido a été réinitialisé',
  'email.security.passwordReset.heading': 'Votre mot de passe a été réinitialisé',
  'email.security.passwordReset.happened':
    'Le mot de passe de votre compte Kaleido a été réinitialisé à l’aide d’un lien envoyé par e-mail, et toutes les sessions ont été déconnectées.',
  'email.security.twoFactorEnabled.subject': 'La connexion en deux étapes est activée',
  'email.security.twoFactorEnabled.heading': 'La connexion en deux étapes a été activée',
  'email.security.twoFactorEnabled.happened':
    'La connexion à votre compte Kaleido demande désormais un code de votre application d’authentification.',
  'email.security.twoFactorDisabled.subject': 'La connexion en deux étapes est désactivée',
  'email.security.twoFactorDisabled.heading': 'La connexion en deux étapes a été désactivée',
  'email.security.twoFactorDisabled.happened':
    'La connexion à votre compte Kaleido ne demande plus de code de votre application d’authentification.',
  'email.security.passkeyAdded.subject': 'Une nouvelle clé d’accès a été ajoutée à votre compte Kaleido',
  'email.security.passkeyAdded.heading': 'Une nouvelle clé d’accès a été ajoutée',
  'email.security.passkeyAdded.happened':
    'Une nouvelle clé d’accès permet désormais de se connecter à votre compte Kaleido.',
  'email.security.recoveryCodeUsed.subject': 'Un code de récupération Kaleido a été utilisé',
  'email.security.recoveryCodeUsed.heading': 'Un code de récupération a servi à vous connecter',
  'email.security.recoveryCodeUsed.happened':
    'L’un de vos codes de récupération à usage unique a servi à une connexion à votre compte Kaleido.',
  'email.security.passkeyRemoved.subject': 'Une clé d’accès a été supprimée de votre compte Kaleido',
  'email.security.passkeyRemoved.heading': 'Une clé d’accès a été supprimée',
  'email.security.passkeyRemoved.happened':
    'L’une de vos clés d’accès ne permet plus de se connecter à votre compte Kaleido.',
  'email.security.recoveryCodesRegenerated.subject':
    'De nouveaux codes de récupération Kaleido ont été créés',
  'email.security.recoveryCodesRegenerated.heading': 'De nouveaux codes de récupération ont été créés',
  'email.security.recoveryCodesRegenerated.happened':
    'Votre compte dispose d’une nouvelle série de dix codes de récupération. Les codes précédents ne fonctionnent plus.',
  'email.security.twoFactorReset.subject':
    'La connexion en deux étapes de votre compte Kaleido a été réinitialisée',
  'email.security.twoFactorReset.heading': 'Un administrateur a réinitialisé votre connexion en deux étapes',
  'email.security.twoFactorReset.happened':
    'Un administrateur a supprimé votre application d’authentification, vos codes de récupération, vos clés d’accès et vos appareils de confiance. Vous vous connectez désormais avec votre seul mot de passe ; vous pouvez configurer à nouveau la connexion en deux étapes dans Paramètres.',
  'email.security.advice':
    'Si c’était vous, vous n’avez rien à faire. Sinon, réinitialisez votre mot de passe dès maintenant et vérifiez votre compte.',
  'email.security.action': 'Vérifier votre compte',

  'email.accountLinked.subject': 'La connexion avec {provider} a été associée à votre compte Kaleido',
  'email.accountLinked.heading': 'La connexion avec {provider} a été associée',
  'email.accountLinked.happened':
    'Vous pouvez désormais vous connecter à votre compte Kaleido ({email}) avec {provider}.',
  'email.accountLinked.passwordRemoved':
    'Cette adresse e-mail n’avait pas encore été vérifiée\u00a0: le mot de passe défini sur le compte a donc été supprimé et ses autres sessions ont été déconnectées. Pour vous connecter à nouveau avec un mot de passe, choisissez «\u00a0Mot de passe oublié\u00a0?\u00a0» sur la page de connexion.',
  'email.accountLinked.advice':
    'Si ce n’était pas vous, réinitialisez votre mot de passe et contactez l’administrateur de Kaleido.',
  'email.accountLinked.action': 'Aller à la page de connexion',

  // L’URL de webhook du compte a été désactivée après des échecs.
  'email.webhookDisabled.subject': 'Votre URL de webhook Kaleido a été désactivée',
  'email.webhookDisabled.heading': 'Les envois du webhook sont arrêtés',
  'email.webhookDisabled.happened':
    'Kaleido n’envoie plus d’événements à {url}\u00a0: tous les envois ont échoué pendant plusieurs jours, ou l’adresse a répondu 410 Gone.',
  'email.webhookDisabled.advice':
    'Vérifiez que le récepteur est en ligne et répond avec un statut 2xx, puis enregistrez à nouveau l’URL dans les paramètres pour reprendre les envois. Le journal des envois montre chaque tentative.',
  'email.webhookDisabled.action': 'Ouvrir le journal des envois',

  'email.passwordReset.subject': 'Réinitialisez votre mot de passe Kaleido',
  'email.passwordReset.preheader': 'Le lien est valable {minutes, plural, one {# minute} other {# minutes}}.',
  'email.passwordReset.heading': 'Réinitialisez votre mot de passe',
  'email.passwordReset.asked':
    'Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser le mot de passe de votre compte Kaleido.',
  'email.passwordReset.within':
    'Ouvrez ce lien dans {minutes, plural, one {la minute} other {les # minutes}} pour en choisir un nouveau.',
  'email.passwordReset.ignore':
    'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u00a0: votre mot de passe reste inchangé.',
  'email.passwordReset.action': 'Choisir un nouveau mot de passe',

  'email.unsubscribe.confirmTitle':
    '{setting, select, marketingEmails {Se désabonner des actualités et des annonces\u00a0?} other {Se désabonner des e-mails de notification\u00a0?}}',
  'email.unsubscribe.confirmBody':
    '{setting, select, marketingEmails {Kaleido ne vous enverra plus d’actualités ni d’annonces.} other {Kaleido ne vous écrira plus au sujet des générations, des crédits, des reçus et des changements de forfait. Les alertes de sécurité (modifications du mot de passe et de la connexion) sont toujours envoyées.}}',
  'email.unsubscribe.button': 'Se désabonner',
  'email.unsubscribe.doneTitle': 'Votre désabonnement est confirmé',
  'email.unsubscribe.done':
    '{setting, select, marketingEmails {Vous ne recevrez plus d’actualités ni d’annonces. Vous pouvez les réactiver à tout moment dans les paramètres.} other {Vous ne recevrez plus d’e-mails de notification. Vous pouvez les réactiver à tout moment dans les paramètres.}}',
  'email.unsubscribe.errorTitle': 'Ce lien ne fonctionne pas',
  'email.unsubscribe.openSettings': 'Ouvrir les préférences e-mail',
};

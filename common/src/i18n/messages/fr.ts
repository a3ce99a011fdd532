import type { TApiMessageId } from './en.js';

/**
 * What the server says to people, in French (vous). Same keys and placeholders as en.ts. As in the web
 * catalogs and the e-mails, a no-break space (\u00a0) goes before : ; ? ! and inside « », and between a
 * number and its unit, as French typography wants.
 */
export const fr: Record<TApiMessageId, string> = {
  'api.error.VALIDATION_FAILED': 'Requête invalide.',
  'api.error.BAD_REQUEST': 'Requête incorrecte.',
  'api.error.UNSUBSCRIBE_LINK_INVALID':
    'Ce lien de désabonnement n’est pas valide. Utilisez le lien d’un e-mail Kaleido récent, ou désactivez les e-mails dans Paramètres → Notifications.',
  'api.error.AUTHENTICATION_REQUIRED': 'Connexion requise',
  'api.error.USER_NOT_AUTHENTICATED': 'Utilisateur non connecté',
  'api.error.AUTHENTICATION_FAILED': 'L’authentification a échoué. Veuillez réessayer.',
  'api.error.SOCIAL_LOGIN_FAILED': 'La connexion avec Google a échoué. Veuillez réessayer.',
  'api.error.TWO_FACTOR_CHALLENGE_EXPIRED':
    'Votre connexion a pris trop de temps. Veuillez vous reconnecter.',
  'api.error.LOGIN_REQUIRED_IMAGE': 'Connectez-vous pour générer des images',
  'api.error.LOGIN_REQUIRED_VIDEO': 'Connectez-vous pour générer des vidéos',
  'api.error.INSUFFICIENT_CREDITS': 'Crédits insuffisants.',
  'api.error.PAYMENT_DECLINED': 'Votre carte a été refusée.',
  'api.error.FORBIDDEN': 'Vous n’avez pas l’autorisation de faire cela.',
  'api.error.INSUFFICIENT_SCOPE': 'Cette clé API n’a pas la portée nécessaire à cet appel.',
  'api.error.CROSS_SITE_REQUEST': 'Requête intersite refusée.',
  'api.error.INTEGRATIONS_DISABLED':
    'Les intégrations sont désactivées pour ce compte. Activez-les dans Paramètres → Intégrations pour utiliser votre clé API personnelle.',
  'api.error.DEBUG_MODE_OFF':
    'Les diagnostics s’affichent lorsque le mode débogage est activé. Activez-le dans Paramètres → Avancé.',
  'api.error.ACCOUNT_DISABLED': 'Ce compte a été désactivé. Contactez l’administrateur de ce site.',
  'api.error.API_KEY_NOT_ALLOWED':
    'Les clés API ne permettent pas d’administrer. Connectez-vous en tant qu’administrateur.',
  'api.error.ADMIN_SECOND_FACTOR_REQUIRED':
    'Les administrateurs doivent d’abord activer la connexion en deux étapes : Paramètres → Sécurité.',
  'api.error.LAST_ADMINISTRATOR':
    'Vous êtes le seul administrateur : nommez d’abord quelqu’un d’autre administrateur.',
  'api.error.NOT_FOUND': 'Introuvable',
  'api.error.ROUTE_NOT_FOUND': 'Introuvable',
  'api.error.PROFILE_NOT_FOUND': 'Profil introuvable.',
  'api.error.UNSUBSCRIBE_ACCOUNT_GONE':
    'Le compte associé à ce lien de désabonnement n’existe plus\u00a0: il ne reçoit donc aucun e-mail.',
  'api.error.METHOD_NOT_ALLOWED': 'Méthode non autorisée',
  'api.error.CONFLICT': 'Conflit',
  'api.error.RESULT_EXPIRED':
    'Ce résultat n’a pas été enregistré et a été supprimé au bout de 7\u00a0jours. Il ne peut plus être enregistré.',
  'api.error.HANDLE_TAKEN': 'Cet identifiant est déjà pris. Veuillez en choisir un autre.',
  'api.error.PAYLOAD_TOO_LARGE': 'Le corps de la requête est trop volumineux.',
  'api.error.UNSUPPORTED_MEDIA_TYPE': 'Type de contenu non pris en charge.',
  'api.error.RATE_LIMITED': 'Trop de requêtes. Veuillez réessayer plus tard.',
  'api.error.GENERATION_FAILED_IMAGE': 'Échec de la génération de l’image',
  'api.error.GENERATION_FAILED_VIDEO': 'Échec de la génération de la vidéo',
  'api.error.GENERATION_FAILED_MODEL': 'Échec de la génération de l’objet 3D',
  'api.error.GENERATION_CANCELLED':
    'La génération a été annulée avant la fin\u00a0; aucun crédit n’a été utilisé.',
  'api.error.CONTENT_BLOCKED':
    'Cette description contient des mots que ce site n’autorise pas. Modifiez-la puis réessayez ; aucun crédit n’a été utilisé.',
  'api.error.MODEL_NOT_ALLOWED':
    'Votre formule ne permet pas d’utiliser ce modèle. Choisissez un autre modèle ou changez de formule.',
  'api.error.ALREADY_REPORTED': 'Vous avez déjà signalé cet élément.',
  'api.error.SIGNUPS_CLOSED': 'Les inscriptions sont fermées sur ce site.',
  'api.error.INVITE_REQUIRED':
    'Les inscriptions sur ce site se font uniquement sur invitation : ouvrez le lien d’invitation que vous avez reçu.',
  'api.error.INVITE_INVALID':
    'Ce lien d’invitation a expiré, a atteint son nombre d’utilisations ou a été révoqué. Demandez-en un nouveau.',
  'api.error.INTERNAL': 'Une erreur inconnue s’est produite',
  'api.error.HEALTH_CHECK_FAILED': 'Échec du contrôle d’état',
  'api.error.SERVICE_UNAVAILABLE': 'Service indisponible. Veuillez réessayer dans quelques instants.',

  'api.request.invalidJson': 'Corps JSON invalide.',
  'api.request.invalidCursor': 'Curseur invalide.',
  'api.request.routeNotFound': 'Route {method} {path} introuvable',
  'api.request.methodNotAllowed':
    '{method} n’est pas autorisé sur {path}\u00a0; méthodes autorisées\u00a0: {allowed}',
  'api.request.idempotencyKeyInvalid': 'L’en-tête Idempotency-Key doit contenir de 1 à 255\u00a0caractères.',

  'api.auth.nameRequired': 'Veuillez saisir votre nom complet.',
  'api.auth.nameTooLong': 'Le nom ne peut pas dépasser {max}\u00a0caractères.',
  'api.auth.emailInvalid': 'Veuillez saisir une adresse e-mail valide.',
  'api.auth.passwordRequired': 'Veuillez saisir votre mot de passe.',
  'api.auth.passwordTooShort': 'Le mot de passe doit contenir au moins {min}\u00a0caractères.',
  'api.auth.passwordTooLong': 'Le mot de passe ne peut pas dépasser {max}\u00a0caractères.',
  'api.auth.invalidCredentials': 'Adresse e-mail ou mot de passe incorrect.',
  'api.auth.emailTaken': 'Un compte existe déjà avec cette adresse e-mail.',
  'api.auth.resetLinkInvalid': 'Ce lien de réinitialisation n’est pas valide ou a expiré.',
  'api.auth.resetEmailSent':
    'Si un compte existe pour cette adresse e-mail, nous vous avons envoyé un lien pour réinitialiser le mot de passe.',
  'api.auth.passwordChanged': 'Votre mot de passe a été modifié.',
  'api.auth.passwordReset': 'Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter.',
  'api.auth.tooManyAttempts': 'Trop de tentatives. Patientez un instant, puis réessayez.',
  'api.auth.accountLocked':
    'Trop de tentatives de connexion ont échoué pour ce compte. Veuillez réessayer dans quelques minutes.',
  'api.auth.socialNotConfigured': 'La connexion avec un compte externe n’est pas configurée sur ce serveur.',
  'api.auth.deleteConfirmWord': 'Saisissez DELETE pour confirmer.',
  'api.auth.reauthRequired': 'Veuillez saisir votre mot de passe pour confirmer.',
  'api.auth.currentPasswordIncorrect': 'Le mot de passe actuel est incorrect.',
  'api.auth.passwordFieldsRequired': 'Veuillez remplir tous les champs de mot de passe.',
  'api.auth.socialReauthRequired': 'Veuillez vous reconnecter avec votre compte externe pour confirmer.',
  'api.auth.adminOnly': 'Réservé aux administrateurs.',
  'api.auth.userNotFound': 'Utilisateur introuvable',
  'api.auth.providerUnknown': 'Fournisseur de connexion inconnu.',
  'api.auth.socialFailed': 'La connexion avec {provider} a échoué. Veuillez réessayer.',
  'api.auth.socialNoVerifiedEmail':
    'Votre compte {provider} n’a pas d’adresse e-mail vérifiée qui permette de vous connecter.',
  'api.auth.socialCancelled': 'La connexion a été annulée.',
  'api.auth.socialUnavailable':
    'La connexion avec {provider} est indisponible pour le moment. Veuillez réessayer plus tard.',
  'api.auth.socialInterrupted':
    'Votre connexion a pris trop de temps ou a été interrompue. Veuillez réessayer.',
  'api.auth.popupTitle': 'Connexion à Kaleido',
  'api.auth.popupSignedIn': 'Connexion réussie. Vous pouvez fermer cette fenêtre.',
  'api.auth.popupFailed': 'La connexion a échoué.',
  'api.twoFactor.codeRequired': 'Saisissez le code de votre application d’authentification.',
  'api.twoFactor.codeInvalid':
    'Ce code n’est pas valide. Saisissez le code actuel à 6 chiffres de votre application d’authentification.',
  'api.twoFactor.recoveryCodeInvalid': 'Ce code de récupération n’est pas valide ou a déjà été utilisé.',
  'api.twoFactor.notPending': 'Commencez d’abord la configuration de l’application d’authentification.',
  'api.twoFactor.alreadyEnabled':
    'La connexion en deux étapes avec une application d’authentification est déjà activée.',
  'api.twoFactor.notEnabled':
    'La connexion en deux étapes avec une application d’authentification n’est pas activée.',
  'api.twoFactor.passkeyFailed': 'La clé d’accès n’a pas pu être vérifiée. Veuillez réessayer.',
  'api.twoFactor.passkeyUnknown':
    'Cette clé d’accès n’est pas enregistrée sur Kaleido. Connectez-vous avec votre mot de passe ou utilisez une autre clé d’accès.',
  'api.twoFactor.passkeyNameRequired': 'Saisissez un nom pour la clé d’accès.',
  'api.twoFactor.passkeyNameTooLong': 'Le nom d’une clé d’accès peut compter au plus {max} caractères.',
  'api.twoFactor.passkeyLimit':
    'Vous pouvez enregistrer au plus {max} clés d’accès. Supprimez-en une pour en ajouter une autre.',
  'api.twoFactor.passkeyNotFound': 'Clé d’accès introuvable.',
  'api.twoFactor.passkeysUnavailable': 'Les clés d’accès ne sont pas disponibles sur ce serveur.',
  'api.twoFactor.popupSecondStep': 'Encore une étape : confirmez la connexion dans la fenêtre Kaleido.',
  'api.settings.twoFactorManaged':
    'Activez ou désactivez la connexion en deux étapes dans Paramètres → Sécurité.',

  'api.billing.cardNumberRequired': 'Saisissez le numéro de carte.',
  'api.billing.cardNumberInvalid': 'Ce numéro de carte n’est pas valide. Vérifiez les chiffres et réessayez.',
  'api.billing.cardBrandUnsupported':
    'Ce type de carte n’est pas accepté. Utilisez une carte Visa, Mastercard, American Express ou Discover.',
  'api.billing.expiryRequired': 'Saisissez la date d’expiration au format MM/AA.',
  'api.billing.expiryInvalid': 'Saisissez la date d’expiration au format MM/AA, par exemple 04/29.',
  'api.billing.expiryPast': 'Cette carte a expiré. Vérifiez la date d’expiration.',
  'api.billing.cvcInvalid':
    'Le cryptogramme (CVC) correspond aux 3 ou 4\u00a0chiffres imprimés sur la carte.',
  'api.billing.cvcAmex': 'Les cartes American Express ont un cryptogramme (CVC) à 4\u00a0chiffres.',
  'api.billing.cardholderRequired': 'Saisissez le nom qui figure sur la carte.',
  'api.billing.cardholderTooLong': 'Le nom qui figure sur la carte ne peut pas dépasser 100\u00a0caractères.',
  'api.billing.addressFieldRequired':
    '{field, select, name {Le nom complet est obligatoire} email {L’adresse e-mail est obligatoire} address {L’adresse est obligatoire} city {La ville est obligatoire} state {L’État ou la région est obligatoire} zipCode {Le code postal est obligatoire} country {Le pays est obligatoire} other {Ce champ est obligatoire}}.',
  'api.billing.addressFieldTooLong':
    '{field, select, name {Le nom complet} email {L’adresse e-mail} address {L’adresse} city {La ville} state {L’État ou la région} zipCode {Le code postal} country {Le pays} other {Ce champ}} ne peut pas dépasser 200\u00a0caractères.',
  'api.billing.emailInvalid': 'Saisissez une adresse e-mail valide.',
  'api.billing.countryInvalid': 'Choisissez l’un de ces pays\u00a0: {countries}.',
  'api.billing.cardDeclined': 'Votre carte a été refusée.',
  'api.billing.insufficientFunds': 'Les fonds disponibles sur votre carte sont insuffisants.',
  'api.billing.cardExpiredDecline': 'Votre carte a expiré.',
  'api.billing.cvcCheckFailed': 'Le cryptogramme de votre carte est incorrect.',
  'api.billing.processingError':
    'Une erreur s’est produite lors du traitement de votre carte. Réessayez dans quelques instants.',
  'api.billing.paymentMethodRequired': 'Ajoutez une carte avant d’effectuer un achat.',
  'api.billing.paymentMethodNotFound': 'Moyen de paiement introuvable.',
  'api.billing.unknownPack': 'Pack de crédits inconnu.',
  'api.billing.samePlan': 'Vous avez déjà ce forfait.',
  'api.billing.purchaseInProgress': 'Cet achat est déjà en cours de traitement.',
  'api.billing.idempotencyMismatch': 'Cette clé d’achat a déjà été utilisée pour un autre achat.',
  'api.billing.idempotencyKeyRequired': 'Le champ idempotencyKey est obligatoire.',
  'api.billing.idempotencyKeyInvalid':
    'Le champ idempotencyKey doit contenir de 8 à 100\u00a0caractères parmi les lettres, les chiffres, - et _.',
  'api.billing.cardAdded': 'Carte ajoutée',
  'api.billing.cardRemoved': 'Carte supprimée',
  'api.billing.addressSaved': 'Adresse de facturation enregistrée',

  'api.credits.insufficient':
    'Crédits insuffisants. La génération {type, select, image {d’une image} model {d’un objet 3D} other {d’une vidéo}} nécessite {price, plural, one {#\u00a0crédit} other {#\u00a0crédits}}.',
  'api.credits.balanceChanged': 'Le solde a changé entre-temps\u00a0; veuillez réessayer.',

  'api.apiKeys.nameRequired': 'Veuillez saisir un nom pour votre clé API',
  'api.apiKeys.nameTooLong': 'Le nom ne peut pas dépasser {max}\u00a0caractères.',
  'api.apiKeys.descriptionTooLong': 'La description ne peut pas dépasser {max}\u00a0caractères.',
  'api.apiKeys.planNotAllowed':
    'Le forfait de votre compte ne permet pas de créer des clés API de ce forfait.',
  'api.apiKeys.keyRequired':
    "Clé API requise. Envoyez-la sous la forme «\u00a0Authorization: Bearer '<key>'\u00a0».",
  'api.apiKeys.keyInvalid': 'Clé API invalide.',
  'api.apiKeys.keyInactive': 'Cette clé API est désactivée.',
  'api.apiKeys.imageNotAllowed': 'Cette clé API ne permet pas de créer des images.',
  'api.apiKeys.readNotAllowed': 'Cette clé API ne permet pas de consulter les générations.',
  'api.apiKeys.videoNotAllowed': 'Le forfait de cette clé API n’inclut pas la génération de vidéos.',
  'api.apiKeys.allowanceExhausted': 'Crédits insuffisants. Le quota mensuel de cette clé API est épuisé.',
  'api.apiKeys.idempotencyMismatch': 'Cette Idempotency-Key a déjà été utilisée pour une autre requête.',
  'api.apiKeys.rateLimited':
    'Limite de débit dépassée pour cette clé API. Réessayez après le délai indiqué dans l’en-tête Retry-After.',
  'api.apiKeys.notFound': 'Clé API introuvable',
  'api.apiKeys.insufficientScope':
    'Il manque à cette clé API la portée «\u00a0{scope}\u00a0» nécessaire à cet appel. Ajoutez-la à la clé sur la page Clés API.',
  'api.apiKeys.scopesRequired': 'Choisissez au moins une portée.',
  'api.apiKeys.keyExpired':
    'Cette clé API a expiré le {expiresAt}. Créez une nouvelle clé ou modifiez son expiration sur la page Clés API.',
  'api.apiKeys.expiryInPast': 'La date d’expiration doit être dans le futur.',
  'api.apiKeys.spendCapInvalid':
    'Le plafond de dépenses mensuel doit être un nombre entier de crédits entre 1 et {max}.',
  'api.apiKeys.spendCapReached':
    'Cet appel dépasserait le plafond de dépenses mensuel de la clé API, soit {cap}\u00a0crédits ({spent} dépensés ce mois-ci). Relevez le plafond sur la page Clés API ou attendez le mois prochain.',
  'api.apiKeys.graceInvalid':
    'Le délai de grâce doit être compris entre 0 et {max}\u00a0heures (7\u00a0jours).',
  'api.publicApi.durationInvalid': 'duration doit valoir l’une de ces valeurs\u00a0: {durations}.',
  'api.publicApi.frameRateInvalid': 'frameRate doit valoir l’une de ces valeurs\u00a0: {frameRates}.',

  'api.generation.promptRequired': 'Veuillez saisir une description.',
  'api.generation.promptTooLong': 'La description ne peut pas dépasser {max}\u00a0caractères.',
  'api.generation.durationInvalid': 'La durée doit valoir l’une de ces valeurs\u00a0: {durations}.',
  'api.generation.frameRateInvalid':
    'La fréquence d’images doit valoir l’une de ces valeurs\u00a0: {frameRates}.',
  'api.generation.notFound': 'Génération introuvable',
  'api.generation.onlyFinishedCanBeSaved': 'Seule une génération terminée peut être enregistrée.',
  'api.generation.unknownModel':
    'Modèle «\u00a0{model}\u00a0» inconnu pour les {kind, select, image {images} other {vidéos}}.',
  'api.generation.noModel':
    'Aucun modèle configuré ne peut créer {kind, select, image {d’images} other {de vidéos}}.',
  'api.generation.sizeUnsupported':
    '{model} ne peut pas créer {kind, select, image {d’images} other {de vidéos}} en {width}×{height} (maximum {maxWidth}×{maxHeight}).',
  'api.generation.aspectRatioUnsupported':
    '{model} ne peut pas créer {kind, select, image {d’images} other {de vidéos}} au format {aspectRatio} (formats possibles\u00a0: {aspectRatios}).',
  'api.generation.durationUnsupported': '{model} ne peut pas créer de vidéos de {duration}\u00a0secondes.',
  'api.generation.frameRateUnsupported':
    '{model} ne peut pas créer de vidéos à {frameRate}\u00a0images par seconde.',
  'api.generation.cancelled': 'Annulée',
  'api.generation.timedOut':
    'La génération a pris trop de temps et a été arrêtée. Vos crédits ont été remboursés.',

  'api.library.assetNotFound': 'Création introuvable',
  'api.files.notFound': 'Fichier introuvable ou lien expiré.',

  'api.settings.videoLengthRange':
    'La durée par défaut des vidéos doit être comprise entre {min} et {max}\u00a0secondes.',
  'api.settings.webhookUrl': 'L’URL du webhook doit commencer par http:// ou https://',
  'api.settings.webhookUrlPrivate':
    'L’URL du webhook doit désigner une adresse publique\u00a0: elle pointe vers une adresse privée, locale ou réservée',
  'api.settings.twoFactorUnavailable': 'La connexion en deux étapes n’est pas encore disponible.',
  'api.settings.timezone': 'Fuseau horaire inconnu.',
  'api.settings.displayNameRequired': 'Veuillez saisir le nom à afficher.',

  'api.experimental.off':
    'Cet outil est expérimental\u00a0: activez les fonctionnalités expérimentales dans les paramètres pour l’utiliser.',

  'api.sharing.handleFormat':
    'Un identifiant compte de 3 à 30\u00a0caractères (lettres minuscules, chiffres, - et _) et commence par une lettre ou un chiffre.',
  'api.sharing.handleReserved': 'Cet identifiant est réservé. Veuillez en choisir un autre.',
  'api.sharing.handleTaken': 'Cet identifiant est déjà pris. Veuillez en choisir un autre.',
  'api.sharing.profileNotFound': 'Profil introuvable.',
  'api.sharing.sharedHiddenHint':
    'Les créations partagées s’affichent lorsque votre profil est public ou réservé aux membres.',
  'api.sharing.saveBeforeSharing': 'Enregistrez ce résultat dans votre bibliothèque avant de le partager.',
  'api.sharing.modelNotShared':
    'Les objets 3D restent privés\u00a0: la galerie présente des images et des vidéos.',
  'api.sharing.audioNotShared':
    'Les fichiers audio importés restent privés : la galerie montre des images et des vidéos.',
  'api.analytics.propertiesTooLarge': 'Les propriétés de l’événement sont trop volumineuses.',
  'api.analytics.pathInvalid': 'Le chemin doit commencer par / et ne contenir aucun paramètre de requête.',

  'api.email.unsubscribeTokenMissing': 'Le lien de désabonnement ne contient pas de jeton.',
  'api.webhooks.notFound': 'Webhook introuvable',
  'api.webhooks.bodyRequired': 'Corps JSON attendu',
  'api.webhooks.signatureRejected': 'Signature du webhook refusée',
  'api.webhooks.noUrl':
    'Indiquez une URL de webhook dans les paramètres avant d’envoyer un événement de test',
  'api.webhooks.deliveryNotFound': 'Cet envoi de webhook n’existe pas',

  // Uploads and creative tools (TOOL_MESSAGES).
  'api.uploads.fileMissing': 'Choisissez un fichier à importer (champ multipart « file »).',
  'api.uploads.tooLarge':
    'Ce fichier est trop volumineux : {kind, select, image {les images} video {les vidéos} other {les fichiers audio}} peuvent faire au plus {maxMegabytes} Mo.',
  'api.uploads.unsupported':
    'Ce type de fichier n’est pas pris en charge. Importez une image (PNG, JPEG, WebP, AVIF, HEIC), une vidéo (MP4, WebM, MOV) ou un fichier audio (WAV, MP3, M4A).',
  'api.uploads.corrupt': 'Impossible de lire ce fichier : il est endommagé ou incomplet.',
  'api.uploads.tooManyPixels': 'Cette image est trop grande : {maxMegapixels} mégapixels au maximum.',
  'api.uploads.tooLong': 'Ce fichier est trop long : {maxSeconds} secondes au maximum.',
  'api.uploads.storageFull':
    'Votre espace de stockage est plein ({limit}). Supprimez des éléments de votre bibliothèque ou passez à une offre supérieure.',
  'api.tools.sourceNotFound': 'L’élément source est introuvable dans votre bibliothèque.',
  'api.tools.sourceNotImage': 'Cet outil ne fonctionne qu’avec des images.',
  'api.tools.sourceNotVisual': 'Cet outil fonctionne avec des images et des vidéos, pas avec de l’audio.',
  'api.tools.outputTooLarge':
    'Le résultat ferait {width}×{height} pixels, plus que ce que ce modèle peut produire ({max} px sur le grand côté). Choisissez un facteur plus petit ou une source plus petite.',
  'api.tools.modeUnavailable':
    'Aucun modèle configuré ne peut faire cela. Il faut un fournisseur d’IA : {providers}.',
  'api.tools.unknownModel': 'Le modèle « {model} » ne peut pas faire cela.',
  'api.tools.promptRequired': 'Veuillez décrire la modification.',
  'api.tools.maskRequired': 'Peignez la zone à modifier.',
  'api.tools.maskInvalid': 'Le masque doit être un PNG de la même taille que l’image.',
  'api.tools.styleRequired': 'Choisissez un style.',
  'api.tools.expandRequired': 'Choisissez un nouveau format ou des marges.',
  'api.trainings.tooFewImages': 'Un entraînement demande au moins {min} images.',
  'api.trainings.tooManyImages': 'Un entraînement accepte au plus {max} images.',
  'api.trainings.duplicateImages': 'Chaque image ne peut être choisie qu’une fois.',
  'api.trainings.notImage': 'Un entraînement n’apprend qu’à partir d’images. Retirez les vidéos et l’audio.',
  'api.trainings.triggerWord':
    'Le mot déclencheur est un seul mot de lettres et de chiffres (tirets et tirets bas à l’intérieur).',
  'api.trainings.unavailable':
    'Aucun fournisseur configuré ne peut entraîner de modèle. Il faut un fournisseur d’IA parmi {providers}.',
  'api.trainings.notFinished': 'Cet entraînement est toujours en cours. Annulez-le d’abord.',
  'api.trainings.finished': 'Cet entraînement est déjà terminé.',
  'api.realtime.frameGone':
    'Cette image n’est plus disponible. Dessinez ou écrivez pour en obtenir une nouvelle, puis conservez-la.',
  'api.threeD.notImage': 'Choisissez une image (PNG, JPEG ou WebP) à modéliser en 3D.',
  'api.threeD.imageNeedsProvider':
    'Modéliser une image en 3D nécessite un fournisseur d’IA ({providers})\u00a0; le modeleur hors ligne ne travaille qu’à partir de la description.',
  'api.threeD.imageRequired':
    '{model} crée des objets 3D à partir d’une image\u00a0: choisissez-en une, ou un autre modèle.',
  'api.lipsync.notVideo': 'Choisissez une vidéo (MP4, WebM ou MOV) à synchroniser.',
  'api.lipsync.notAudio': 'Choisissez un fichier audio (WAV, MP3 ou M4A) pour la voix.',
  'api.lipsync.tooLong':
    'La vidéo synchronisée durerait {duration} secondes ; ce modèle en produit au plus {maxSeconds}. Raccourcissez l’audio ou choisissez « Couper » pour vous arrêter à la fin de la vidéo.',
  // The OpenAI-compatible image edits.
  'api.openai.imageMissing': 'Envoyez l’image à modifier (champ multipart « image »).',
  'api.openai.oneImage': 'Envoyez une seule image à modifier.',
  'api.openai.maskInvalid':
    'Le masque doit être un PNG avec transparence, de la même taille que l’image (ses pixels transparents sont ceux à modifier).',
  // The administrators' console (issue 20).
  'api.admin.amountZero': 'Saisissez un montant différent de zéro.',
  'api.admin.belowZero': 'Le solde passerait sous zéro : le compte a {balance} crédits.',
  'api.admin.selfDisable': 'Vous ne pouvez pas désactiver votre propre compte.',
  'api.admin.jobNotCancellable': 'Seules les tâches en file d’attente ou en cours peuvent être annulées.',
  'api.admin.jobNotRetryable': 'Seules les tâches échouées ou annulées peuvent être relancées.',
  'api.admin.jobNotFound': 'Tâche introuvable.',
  'api.admin.jobMaskGone':
    'Le masque de cette retouche a été supprimé à la fin de la tâche, elle ne peut donc pas être relancée : la personne peut la refaire.',
  'api.admin.accountDisabledNoMail':
    'Ce compte est désactivé : réactivez-le avant d’envoyer une réinitialisation du mot de passe.',
  // Moderation and site settings (issue 20).
  'api.moderation.patternInvalid': 'Expression régulière non valide : {term}',
  'api.moderation.itemNotFound': 'Cet élément n’est pas partagé ou n’existe plus.',
  'api.moderation.notInQueue': 'Cet élément n’a fait l’objet d’aucun signalement.',
  'api.siteSettings.unknownModel': 'Aucun modèle configuré n’a l’identifiant {model}.',
  'api.siteSettings.inviteNotFound': 'Invitation introuvable.',
  'api.siteSettings.emailNotFound': 'E-mail d’annonce introuvable.',
};

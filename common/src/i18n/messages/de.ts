import type { TApiMessageId } from './en.js';

/** What the server says to people, in German (du). Same keys and placeholders as en.ts. */
export const de: Record<TApiMessageId, string> = {
  'api.error.VALIDATION_FAILED': 'Ungültige Anfrage.',
  'api.error.BAD_REQUEST': 'Fehlerhafte Anfrage.',
  'api.error.UNSUBSCRIBE_LINK_INVALID':
    'Dieser Link zum Abbestellen ist ungültig. Nutze den Link aus einer aktuellen Kaleido-E-Mail oder schalte E-Mails unter Einstellungen → Benachrichtigungen aus.',
  'api.error.AUTHENTICATION_REQUIRED': 'Anmeldung erforderlich',
  'api.error.USER_NOT_AUTHENTICATED': 'Nicht angemeldet',
  'api.error.AUTHENTICATION_FAILED': 'Die Anmeldung ist fehlgeschlagen. Bitte versuche es noch einmal.',
  'api.error.TWO_FACTOR_CHALLENGE_EXPIRED':
    'Deine Anmeldung hat zu lange gedauert. Bitte melde dich erneut an.',
  'api.error.SOCIAL_LOGIN_FAILED':
    'Die Anmeldung mit Google ist fehlgeschlagen. Bitte versuche es noch einmal.',
  'api.error.LOGIN_REQUIRED_IMAGE': 'Bitte melde dich an, um Bilder zu generieren',
  'api.error.LOGIN_REQUIRED_VIDEO': 'Bitte melde dich an, um Videos zu generieren',
  'api.error.INSUFFICIENT_CREDITS': 'Nicht genügend Credits.',
  'api.error.PAYMENT_DECLINED': 'Deine Karte wurde abgelehnt.',
  'api.error.FORBIDDEN': 'Dazu hast du keine Berechtigung.',
  'api.error.INSUFFICIENT_SCOPE': 'Diesem API-Schlüssel fehlt der Bereich, den dieser Aufruf braucht.',
  'api.error.CROSS_SITE_REQUEST': 'Websiteübergreifende Anfrage abgelehnt.',
  'api.error.INTEGRATIONS_DISABLED':
    'Integrationen sind für dieses Konto ausgeschaltet. Schalte sie unter Einstellungen → Integrationen ein, um deinen persönlichen API-Schlüssel zu verwenden.',
  'api.error.DEBUG_MODE_OFF':
    'Diagnosedaten werden nur im Debug-Modus angezeigt. Schalte ihn unter Einstellungen → Erweitert ein.',
  'api.error.ACCOUNT_DISABLED':
    'Dieses Konto wurde deaktiviert. Wende dich an die Administration dieser Website.',
  'api.error.API_KEY_NOT_ALLOWED':
    'API-Schlüssel können nicht zur Verwaltung verwendet werden. Melde dich als Administrator an.',
  'api.error.ADMIN_SECOND_FACTOR_REQUIRED':
    'Administratoren müssen zuerst die Anmeldung in zwei Schritten einschalten: Einstellungen → Sicherheit.',
  'api.error.LAST_ADMINISTRATOR':
    'Du bist der einzige Administrator: Ernenne zuerst jemand anderen zum Administrator.',
  'api.error.NOT_FOUND': 'Nicht gefunden',
  'api.error.ROUTE_NOT_FOUND': 'Nicht gefunden',
  'api.error.PROFILE_NOT_FOUND': 'Profil nicht gefunden.',
  'api.error.UNSUBSCRIBE_ACCOUNT_GONE':
    'Das Konto, zu dem dieser Link gehört, existiert nicht mehr und erhält daher keine E-Mails.',
  'api.error.METHOD_NOT_ALLOWED': 'Methode nicht erlaubt',
  'api.error.CONFLICT': 'Konflikt',
  'api.error.RESULT_EXPIRED':
    'Dieses Ergebnis wurde nicht gespeichert und nach 7 Tagen gelöscht. Es kann nicht mehr gespeichert werden.',
  'api.error.HANDLE_TAKEN': 'Dieser Benutzername ist schon vergeben. Bitte wähle einen anderen.',
  'api.error.PAYLOAD_TOO_LARGE': 'Der Inhalt der Anfrage ist zu groß.',
  'api.error.UNSUPPORTED_MEDIA_TYPE': 'Dieser Inhaltstyp wird nicht unterstützt.',
  'api.error.RATE_LIMITED': 'Zu viele Anfragen. Bitte versuche es später noch einmal.',
  'api.error.GENERATION_FAILED_IMAGE': 'Das Bild konnte nicht generiert werden',
  'api.error.GENERATION_FAILED_VIDEO': 'Das Video konnte nicht generiert werden',
  'api.error.GENERATION_FAILED_MODEL': 'Das 3D-Objekt konnte nicht generiert werden',
  'api.error.GENERATION_CANCELLED':
    'Die Generierung wurde abgebrochen, bevor sie fertig war; es wurden keine Credits verbraucht.',
  'api.error.CONTENT_BLOCKED':
    'Dieser Prompt enthält Wörter, die diese Website nicht erlaubt. Ändere ihn und versuche es erneut; es wurden keine Credits verbraucht.',
  'api.error.MODEL_NOT_ALLOWED':
    'Dein Tarif kann dieses Modell nicht nutzen. Wähle ein anderes Modell oder wechsle deinen Tarif.',
  'api.error.ALREADY_REPORTED': 'Du hast diesen Beitrag bereits gemeldet.',
  'api.error.SIGNUPS_CLOSED': 'Auf dieser Website sind keine Registrierungen möglich.',
  'api.error.INVITE_REQUIRED':
    'Auf dieser Website kannst du dich nur mit einer Einladung registrieren: Öffne den Einladungslink, den du erhalten hast.',
  'api.error.INVITE_INVALID':
    'Dieser Einladungslink ist abgelaufen, aufgebraucht oder wurde widerrufen. Bitte um einen neuen.',
  'api.error.INTERNAL': 'Ein unbekannter Fehler ist aufgetreten',
  'api.error.HEALTH_CHECK_FAILED': 'Statusprüfung fehlgeschlagen',
  'api.error.SERVICE_UNAVAILABLE': 'Der Dienst ist nicht verfügbar. Bitte versuche es gleich noch einmal.',

  'api.request.invalidJson': 'Ungültiger JSON-Inhalt.',
  'api.request.invalidCursor': 'Ungültiger Cursor.',
  'api.request.routeNotFound': 'Route {method} {path} nicht gefunden',
  'api.request.methodNotAllowed': '{method} ist für {path} nicht erlaubt; erlaubt: {allowed}',
  'api.request.idempotencyKeyInvalid': 'Der Idempotency-Key muss 1 bis 255 Zeichen lang sein.',

  'api.auth.nameRequired': 'Bitte gib deinen vollständigen Namen ein.',
  'api.auth.nameTooLong': 'Namen dürfen höchstens {max} Zeichen lang sein.',
  'api.auth.emailInvalid': 'Bitte gib eine gültige E-Mail-Adresse ein.',
  'api.auth.passwordRequired': 'Bitte gib dein Passwort ein.',
  'api.auth.passwordTooShort': 'Das Passwort muss mindestens {min} Zeichen lang sein.',
  'api.auth.passwordTooLong': 'Das Passwort darf höchstens {max} Zeichen lang sein.',
  'api.auth.invalidCredentials': 'E-Mail-Adresse oder Passwort ist falsch.',
  'api.auth.emailTaken': 'Mit dieser E-Mail-Adresse gibt es bereits ein Konto.',
  'api.auth.resetLinkInvalid': 'Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen.',
  'api.auth.resetEmailSent':
    'Falls es ein Konto mit dieser E-Mail-Adresse gibt, haben wir dir einen Link zum Zurücksetzen des Passworts geschickt.',
  'api.auth.passwordChanged': 'Dein Passwort wurde geändert.',
  'api.auth.passwordReset': 'Dein Passwort wurde zurückgesetzt. Du kannst dich jetzt anmelden.',
  'api.auth.tooManyAttempts': 'Zu viele Versuche. Bitte warte einen Moment und versuche es dann noch einmal.',
  'api.auth.accountLocked':
    'Zu viele fehlgeschlagene Anmeldeversuche für dieses Konto. Bitte versuche es in ein paar Minuten noch einmal.',
  'api.auth.socialNotConfigured':
    'Die Anmeldung über externe Konten ist auf diesem Server nicht eingerichtet.',
  'api.auth.deleteConfirmWord': 'Gib zur Bestätigung DELETE ein.',
  'api.auth.reauthRequired': 'Bitte gib zur Bestätigung dein Passwort ein.',
  'api.auth.currentPasswordIncorrect': 'Das aktuelle Passwort ist falsch.',
  'api.auth.passwordFieldsRequired': 'Bitte fülle alle Passwortfelder aus.',
  'api.auth.socialReauthRequired':
    'Bitte melde dich zur Bestätigung noch einmal mit deinem externen Konto an.',
  'api.auth.adminOnly': 'Nur für Administratoren.',
  'api.auth.userNotFound': 'Benutzer nicht gefunden',
  'api.auth.providerUnknown': 'Unbekannter Anmeldeanbieter.',
  'api.auth.socialFailed': 'Die Anmeldung mit {provider} ist fehlgeschlagen. Bitte versuche es noch einmal.',
  'api.auth.socialNoVerifiedEmail':
    'Dein {provider}-Konto hat keine bestätigte E-Mail-Adresse, mit der du dich anmelden kannst.',
  'api.auth.socialCancelled': 'Die Anmeldung wurde abgebrochen.',
  'api.auth.socialUnavailable':
    'Die Anmeldung mit {provider} ist gerade nicht möglich. Bitte versuche es später noch einmal.',
  'api.auth.socialInterrupted':
    'Deine Anmeldung hat zu lange gedauert oder wurde unterbrochen. Bitte versuche es noch einmal.',
  'api.auth.popupTitle': 'Anmeldung bei Kaleido',
  'api.auth.popupSignedIn': 'Du bist angemeldet und kannst dieses Fenster jetzt schließen.',
  'api.auth.popupFailed': 'Die Anmeldung ist fehlgeschlagen.',
  'api.twoFactor.codeRequired': 'Gib den Code aus deiner Authenticator-App ein.',
  'api.twoFactor.codeInvalid':
    'Dieser Code ist ungültig. Gib den aktuellen 6-stelligen Code aus deiner Authenticator-App ein.',
  'api.twoFactor.recoveryCodeInvalid':
    'Dieser Wiederherstellungscode ist ungültig oder wurde bereits verwendet.',
  'api.twoFactor.notPending': 'Starte zuerst die Einrichtung der Authenticator-App.',
  'api.twoFactor.alreadyEnabled':
    'Die Zwei-Faktor-Anmeldung mit einer Authenticator-App ist bereits aktiviert.',
  'api.twoFactor.notEnabled': 'Die Zwei-Faktor-Anmeldung mit einer Authenticator-App ist nicht aktiviert.',
  'api.twoFactor.passkeyFailed': 'Der Passkey konnte nicht bestätigt werden. Bitte versuche es erneut.',
  'api.twoFactor.passkeyUnknown':
    'Dieser Passkey ist bei Kaleido nicht registriert. Melde dich mit deinem Passwort an oder verwende einen anderen Passkey.',
  'api.twoFactor.passkeyNameRequired': 'Gib einen Namen für den Passkey ein.',
  'api.twoFactor.passkeyNameTooLong': 'Namen von Passkeys dürfen höchstens {max} Zeichen lang sein.',
  'api.twoFactor.passkeyLimit':
    'Du kannst höchstens {max} Passkeys registrieren. Lösche einen, um einen weiteren hinzuzufügen.',
  'api.twoFactor.passkeyNotFound': 'Passkey nicht gefunden.',
  'api.twoFactor.passkeysUnavailable': 'Passkeys sind auf diesem Server nicht verfügbar.',
  'api.twoFactor.popupSecondStep': 'Noch ein Schritt: Bestätige die Anmeldung im Kaleido-Fenster.',
  'api.settings.twoFactorManaged':
    'Schalte die Zwei-Faktor-Anmeldung unter Einstellungen → Sicherheit ein oder aus.',

  'api.billing.cardNumberRequired': 'Gib die Kartennummer ein.',
  'api.billing.cardNumberInvalid':
    'Diese Kartennummer ist ungültig. Prüfe die Ziffern und versuche es noch einmal.',
  'api.billing.cardBrandUnsupported':
    'Dieser Kartentyp wird nicht akzeptiert. Nutze Visa, Mastercard, American Express oder Discover.',
  'api.billing.expiryRequired': 'Gib das Ablaufdatum im Format MM/JJ ein.',
  'api.billing.expiryInvalid': 'Gib das Ablaufdatum im Format MM/JJ ein, zum Beispiel 04/29.',
  'api.billing.expiryPast': 'Diese Karte ist abgelaufen. Prüfe das Ablaufdatum.',
  'api.billing.cvcInvalid':
    'Die Prüfnummer (CVC) besteht aus den 3 oder 4 Ziffern, die auf der Karte stehen.',
  'api.billing.cvcAmex': 'American-Express-Karten haben eine 4-stellige Prüfnummer (CVC).',
  'api.billing.cardholderRequired': 'Gib den Namen auf der Karte ein.',
  'api.billing.cardholderTooLong': 'Der Name auf der Karte darf höchstens 100 Zeichen lang sein.',
  'api.billing.addressFieldRequired':
    'Bitte gib {field, select, name {deinen vollständigen Namen} email {deine E-Mail-Adresse} address {deine Adresse} city {deine Stadt} state {dein Bundesland bzw. deine Region} zipCode {deine Postleitzahl} country {dein Land} other {einen Wert für dieses Feld}} ein.',
  'api.billing.addressFieldTooLong':
    '{field, select, name {Der vollständige Name darf} email {Die E-Mail-Adresse darf} address {Die Adresse darf} city {Die Stadt darf} state {Das Bundesland bzw. die Region darf} zipCode {Die Postleitzahl darf} country {Das Land darf} other {Dieses Feld darf}} höchstens 200 Zeichen lang sein.',
  'api.billing.emailInvalid': 'Gib eine gültige E-Mail-Adresse ein.',
  'api.billing.countryInvalid': 'Wähle eines dieser Länder: {countries}.',
  'api.billing.cardDeclined': 'Deine Karte wurde abgelehnt.',
  'api.billing.insufficientFunds': 'Deine Karte ist nicht ausreichend gedeckt.',
  'api.billing.cardExpiredDecline': 'Deine Karte ist abgelaufen.',
  'api.billing.cvcCheckFailed': 'Die Prüfnummer deiner Karte ist falsch.',
  'api.billing.processingError':
    'Bei der Verarbeitung deiner Karte ist ein Fehler aufgetreten. Versuche es in Kürze noch einmal.',
  'api.billing.paymentMethodRequired': 'Füge vor dem Kauf eine Karte hinzu.',
  'api.billing.paymentMethodNotFound': 'Zahlungsmethode nicht gefunden.',
  'api.billing.unknownPack': 'Unbekanntes Credit-Paket.',
  'api.billing.samePlan': 'Du hast diesen Tarif bereits.',
  'api.billing.purchaseInProgress': 'Dieser Kauf wird bereits verarbeitet.',
  'api.billing.idempotencyMismatch': 'Dieser Kaufschlüssel wurde bereits für einen anderen Kauf verwendet.',
  'api.billing.idempotencyKeyRequired': 'Das Feld idempotencyKey ist erforderlich.',
  'api.billing.idempotencyKeyInvalid':
    'Das Feld idempotencyKey muss aus 8 bis 100 Buchstaben, Ziffern, - oder _ bestehen.',
  'api.billing.cardAdded': 'Karte hinzugefügt',
  'api.billing.cardRemoved': 'Karte entfernt',
  'api.billing.addressSaved': 'Rechnungsadresse gespeichert',

  'api.credits.insufficient':
    'Nicht genügend Credits. {type, select, image {Eine Bildgenerierung} model {Eine 3D-Objekt-Generierung} other {Eine Videogenerierung}} kostet {price, plural, one {# Credit} other {# Credits}}.',
  'api.credits.balanceChanged':
    'Dein Guthaben hat sich zwischenzeitlich geändert. Bitte versuche es noch einmal.',

  'api.apiKeys.nameRequired': 'Bitte gib einen Namen für deinen API-Schlüssel ein',
  'api.apiKeys.nameTooLong': 'Namen dürfen höchstens {max} Zeichen lang sein.',
  'api.apiKeys.descriptionTooLong': 'Beschreibungen dürfen höchstens {max} Zeichen lang sein.',
  'api.apiKeys.planNotAllowed': 'Der Tarif deines Kontos erlaubt keine API-Schlüssel dieses Tarifs.',
  'api.apiKeys.keyRequired': "API-Schlüssel erforderlich. Sende ihn als „Authorization: Bearer '<key>'“.",
  'api.apiKeys.keyInvalid': 'Ungültiger API-Schlüssel.',
  'api.apiKeys.keyInactive': 'Dieser API-Schlüssel ist deaktiviert.',
  'api.apiKeys.imageNotAllowed': 'Mit diesem API-Schlüssel können keine Bilder erstellt werden.',
  'api.apiKeys.readNotAllowed': 'Mit diesem API-Schlüssel können keine Generierungen abgerufen werden.',
  'api.apiKeys.videoNotAllowed': 'Der Tarif dieses API-Schlüssels umfasst keine Videogenerierung.',
  'api.apiKeys.allowanceExhausted':
    'Nicht genügend Credits. Das monatliche Kontingent dieses API-Schlüssels ist aufgebraucht.',
  'api.apiKeys.idempotencyMismatch':
    'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet.',
  'api.apiKeys.rateLimited':
    'Das Rate-Limit dieses API-Schlüssels ist überschritten. Versuche es nach der im Retry-After-Header angegebenen Zeit noch einmal.',
  'api.apiKeys.notFound': 'API-Schlüssel nicht gefunden',
  'api.apiKeys.insufficientScope':
    'Diesem API-Schlüssel fehlt der Bereich „{scope}“, den dieser Aufruf braucht. Füge ihn dem Schlüssel auf der Seite API-Schlüssel hinzu.',
  'api.apiKeys.scopesRequired': 'Wähle mindestens einen Bereich.',
  'api.apiKeys.keyExpired':
    'Dieser API-Schlüssel ist am {expiresAt} abgelaufen. Erstelle einen neuen Schlüssel oder ändere sein Ablaufdatum auf der Seite API-Schlüssel.',
  'api.apiKeys.expiryInPast': 'Das Ablaufdatum muss in der Zukunft liegen.',
  'api.apiKeys.spendCapInvalid':
    'Das monatliche Ausgabenlimit muss eine ganze Zahl von Credits zwischen 1 und {max} sein.',
  'api.apiKeys.spendCapReached':
    'Dieser Aufruf würde das monatliche Ausgabenlimit des API-Schlüssels von {cap} Credits überschreiten ({spent} in diesem Monat ausgegeben). Erhöhe das Limit auf der Seite API-Schlüssel oder warte bis zum nächsten Monat.',
  'api.apiKeys.graceInvalid': 'Die Übergangsfrist muss zwischen 0 und {max} Stunden (7 Tagen) liegen.',
  'api.publicApi.durationInvalid': 'duration muss einer dieser Werte sein: {durations}.',
  'api.publicApi.frameRateInvalid': 'frameRate muss einer dieser Werte sein: {frameRates}.',

  'api.generation.promptRequired': 'Bitte gib einen Prompt ein.',
  'api.generation.promptTooLong': 'Prompts dürfen höchstens {max} Zeichen lang sein.',
  'api.generation.durationInvalid': 'Die Dauer muss einer dieser Werte sein: {durations}.',
  'api.generation.frameRateInvalid': 'Die Bildrate muss einer dieser Werte sein: {frameRates}.',
  'api.generation.notFound': 'Generierung nicht gefunden',
  'api.generation.onlyFinishedCanBeSaved': 'Nur eine abgeschlossene Generierung kann gespeichert werden.',
  'api.generation.unknownModel':
    'Unbekanntes Modell „{model}“ für {kind, select, image {Bilder} other {Videos}}.',
  'api.generation.noModel':
    'Kein eingerichtetes Modell kann {kind, select, image {Bilder} other {Videos}} erstellen.',
  'api.generation.sizeUnsupported':
    '{model} kann keine {kind, select, image {Bilder} other {Videos}} in {width}×{height} erstellen (höchstens {maxWidth}×{maxHeight}).',
  'api.generation.aspectRatioUnsupported':
    '{model} kann keine {kind, select, image {Bilder} other {Videos}} im Format {aspectRatio} erstellen (möglich: {aspectRatios}).',
  'api.generation.durationUnsupported':
    '{model} kann keine Videos mit einer Länge von {duration} Sekunden erstellen.',
  'api.generation.frameRateUnsupported': '{model} kann keine Videos mit {frameRate} fps erstellen.',
  'api.generation.cancelled': 'Abgebrochen',
  'api.generation.timedOut':
    'Die Generierung hat zu lange gedauert und wurde gestoppt. Deine Credits wurden erstattet.',

  'api.library.assetNotFound': 'Element nicht gefunden',
  'api.files.notFound': 'Datei nicht gefunden oder Link abgelaufen.',

  'api.settings.videoLengthRange':
    'Die Standardlänge für Videos muss zwischen {min} und {max} Sekunden liegen.',
  'api.settings.webhookUrl': 'Die Webhook-URL muss mit http:// oder https:// beginnen',
  'api.settings.webhookUrlPrivate':
    'Die Webhook-URL muss auf eine öffentliche Adresse zeigen: Sie zeigt auf eine private, lokale oder reservierte Adresse',
  'api.settings.twoFactorUnavailable': 'Die Zwei-Faktor-Anmeldung ist noch nicht verfügbar.',
  'api.settings.timezone': 'Unbekannte Zeitzone.',
  'api.settings.displayNameRequired': 'Bitte gib einen Anzeigenamen ein.',

  'api.experimental.off':
    'Dieses Werkzeug ist experimentell: Schalte in den Einstellungen „Experimentelle Funktionen“ ein, um es zu nutzen.',

  'api.sharing.handleFormat':
    'Ein Benutzername hat 3 bis 30 Zeichen (Kleinbuchstaben, Ziffern, - und _) und beginnt mit einem Buchstaben oder einer Ziffer.',
  'api.sharing.handleReserved': 'Dieser Benutzername ist reserviert. Bitte wähle einen anderen.',
  'api.sharing.handleTaken': 'Dieser Benutzername ist schon vergeben. Bitte wähle einen anderen.',
  'api.sharing.profileNotFound': 'Profil nicht gefunden.',
  'api.sharing.sharedHiddenHint':
    'Geteilte Kreationen erscheinen, wenn dein Profil öffentlich oder nur für Mitglieder sichtbar ist.',
  'api.sharing.saveBeforeSharing': 'Speichere dieses Ergebnis in deiner Bibliothek, bevor du es teilst.',
  'api.sharing.modelNotShared': '3D-Objekte bleiben privat: Die Galerie zeigt Bilder und Videos.',
  'api.sharing.audioNotShared':
    'Hochgeladene Audiodateien bleiben privat: Die Galerie zeigt Bilder und Videos.',
  'api.analytics.propertiesTooLarge': 'Die Eigenschaften des Ereignisses sind zu groß.',
  'api.analytics.pathInvalid': 'Der Pfad muss mit / beginnen und darf keine Abfrageparameter enthalten.',

  'api.email.unsubscribeTokenMissing': 'Im Link zum Abbestellen fehlt das Token.',
  'api.webhooks.notFound': 'Diesen Webhook gibt es nicht',
  'api.webhooks.bodyRequired': 'JSON-Inhalt erwartet',
  'api.webhooks.signatureRejected': 'Webhook-Signatur abgelehnt',
  'api.webhooks.noUrl': 'Lege in den Einstellungen eine Webhook-URL fest, bevor du ein Testereignis sendest',
  'api.webhooks.deliveryNotFound': 'Diese Webhook-Zustellung gibt es nicht',

  // Uploads and creative tools (TOOL_MESSAGES).
  'api.uploads.fileMissing': 'Wähle eine Datei zum Hochladen aus (Multipart-Feld „file“).',
  'api.uploads.tooLarge':
    'Diese Datei ist zu groß: {kind, select, image {Bilder} video {Videos} other {Audiodateien}} dürfen höchstens {maxMegabytes} MB groß sein.',
  'api.uploads.unsupported':
    'Dieser Dateityp wird nicht unterstützt. Lade ein Bild (PNG, JPEG, WebP, AVIF, HEIC), ein Video (MP4, WebM, MOV) oder Audio (WAV, MP3, M4A) hoch.',
  'api.uploads.corrupt': 'Diese Datei konnte nicht gelesen werden: Sie ist beschädigt oder unvollständig.',
  'api.uploads.tooManyPixels': 'Dieses Bild ist zu groß: höchstens {maxMegapixels} Megapixel.',
  'api.uploads.tooLong': 'Diese Datei ist zu lang: höchstens {maxSeconds} Sekunden.',
  'api.uploads.storageFull':
    'Dein Speicher ist voll ({limit}). Lösche einige Einträge aus deiner Bibliothek oder wechsle zu einem größeren Tarif.',
  'api.tools.sourceNotFound': 'Das Ausgangselement wurde in deiner Bibliothek nicht gefunden.',
  'api.tools.sourceNotImage': 'Dieses Werkzeug funktioniert nur mit Bildern.',
  'api.tools.sourceNotVisual': 'Dieses Werkzeug funktioniert mit Bildern und Videos, nicht mit Audio.',
  'api.tools.outputTooLarge':
    'Das Ergebnis hätte {width}×{height} Pixel, mehr als dieses Modell erzeugen kann ({max} px an der langen Seite). Wähle einen kleineren Faktor oder eine kleinere Vorlage.',
  'api.tools.modeUnavailable':
    'Kein eingerichtetes Modell kann das. Dafür brauchst du einen KI-Anbieter: {providers}.',
  'api.tools.unknownModel': 'Das Modell „{model}“ kann das nicht.',
  'api.tools.promptRequired': 'Beschreibe bitte die Änderung.',
  'api.tools.maskRequired': 'Male den Bereich aus, der sich ändern soll.',
  'api.tools.maskInvalid': 'Die Maske muss ein PNG in der Größe des Bildes sein.',
  'api.tools.styleRequired': 'Wähle einen Stil.',
  'api.tools.expandRequired': 'Wähle ein neues Seitenverhältnis oder Ränder.',
  'api.trainings.tooFewImages': 'Ein Training braucht mindestens {min} Bilder.',
  'api.trainings.tooManyImages': 'Ein Training nimmt höchstens {max} Bilder.',
  'api.trainings.duplicateImages': 'Jedes Bild kann nur einmal gewählt werden.',
  'api.trainings.notImage': 'Ein Training lernt nur aus Bildern; entferne Videos und Audio.',
  'api.trainings.triggerWord':
    'Das Triggerwort ist ein einziges Wort aus Buchstaben und Ziffern (Binde- und Unterstriche nur innen).',
  'api.trainings.unavailable':
    'Kein eingerichteter Anbieter kann Modelle trainieren. Dafür braucht es einen KI-Anbieter: {providers}.',
  'api.trainings.notFinished': 'Dieses Training läuft noch. Brich es zuerst ab.',
  'api.trainings.finished': 'Dieses Training ist bereits beendet.',
  'api.realtime.frameGone':
    'Dieses Bild ist nicht mehr verfügbar. Zeichne oder tippe, um ein neues zu bekommen, und behalte es dann.',
  'api.threeD.notImage': 'Wähle ein Bild (PNG, JPEG oder WebP), das in 3D modelliert werden soll.',
  'api.threeD.imageNeedsProvider':
    'Um ein Bild in 3D zu modellieren, brauchst du einen KI-Anbieter ({providers}); der Offline-Modellierer arbeitet nur mit der Beschreibung.',
  'api.threeD.imageRequired':
    '{model} erstellt 3D-Objekte aus einem Bild: Wähle eines oder ein anderes Modell.',
  'api.lipsync.notVideo': 'Wähle ein Video (MP4, WebM oder MOV) für die Lippensynchronisation.',
  'api.lipsync.notAudio': 'Wähle eine Audiodatei (WAV, MP3 oder M4A) für die Stimme.',
  'api.lipsync.tooLong':
    'Das lippensynchrone Video würde {duration} Sekunden dauern; dieses Modell schafft höchstens {maxSeconds}. Kürze das Audio oder wähle „Abschneiden“, um am Ende des Videos aufzuhören.',
  // The OpenAI-compatible image edits.
  'api.openai.imageMissing': 'Sende das zu bearbeitende Bild (Multipart-Feld „image“).',
  'api.openai.oneImage': 'Sende nur ein Bild zum Bearbeiten.',
  'api.openai.maskInvalid':
    'Die Maske muss ein PNG mit Transparenz in der Größe des Bildes sein (seine transparenten Pixel werden geändert).',
  // The administrators' console (issue 20).
  'api.admin.amountZero': 'Gib einen Betrag ungleich null ein.',
  'api.admin.belowZero': 'Das Guthaben würde unter null fallen: Das Konto hat {balance} Credits.',
  'api.admin.selfDisable': 'Du kannst dein eigenes Konto nicht deaktivieren.',
  'api.admin.jobNotCancellable': 'Nur wartende oder laufende Aufträge können abgebrochen werden.',
  'api.admin.jobNotRetryable': 'Nur fehlgeschlagene oder abgebrochene Aufträge können wiederholt werden.',
  'api.admin.jobNotFound': 'Auftrag nicht gefunden.',
  'api.admin.jobMaskGone':
    'Die Maske dieser Bearbeitung wurde am Ende des Auftrags gelöscht, daher kann er nicht wiederholt werden: Die Person kann ihn neu erstellen.',
  'api.admin.accountDisabledNoMail':
    'Dieses Konto ist deaktiviert: Aktiviere es, bevor du eine Passwort-Zurücksetzung sendest.',
  // Moderation and site settings (issue 20).
  'api.moderation.patternInvalid': 'Kein gültiger regulärer Ausdruck: {term}',
  'api.moderation.itemNotFound': 'Dieser Beitrag ist nicht geteilt oder existiert nicht mehr.',
  'api.moderation.notInQueue': 'Zu diesem Beitrag gibt es keine Meldungen.',
  'api.siteSettings.unknownModel': 'Kein konfiguriertes Modell hat die ID {model}.',
  'api.siteSettings.inviteNotFound': 'Einladung nicht gefunden.',
  'api.siteSettings.emailNotFound': 'Ankündigungs-E-Mail nicht gefunden.',
};

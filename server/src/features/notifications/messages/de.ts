import type { TEmailMessageId } from './en.js';

/** Kaleido's e-mails in German (du). */
export const emailDe: Record<TEmailMessageId, string> = {
  'email.layout.greeting': 'Hallo {name},',
  'email.layout.row': '{label}: {value}',
  'email.layout.settings': 'E-Mail-Einstellungen',
  'email.layout.unsubscribe': 'Abbestellen',
  'email.layout.reason.security':
    'Dies ist ein Sicherheitshinweis: Kaleido verschickt ihn immer, unabhängig von deinen E-Mail-Einstellungen.',
  'email.layout.reason.notifications':
    'Du bekommst diese E-Mail, weil in deinen Kaleido-Einstellungen E-Mail-Benachrichtigungen aktiviert sind.',
  'email.layout.reason.marketing':
    'Du bekommst diese E-Mail, weil du Neuigkeiten von Kaleido zugestimmt hast.',

  'email.label.prompt': 'Prompt',
  'email.label.ended': 'Beendet',
  'email.label.finished': 'Fertiggestellt',
  'email.label.item': 'Posten',
  'email.label.amount': 'Betrag',
  'email.label.credits': 'Credits',
  'email.label.invoice': 'Rechnung',
  'email.label.date': 'Datum',
  'email.label.paidWith': 'Bezahlt mit',
  'email.label.currentPlan': 'Aktueller Tarif',
  'email.label.newPlan': 'Neuer Tarif',
  'email.label.takesEffect': 'Gültig ab',
  'email.label.when': 'Zeitpunkt',
  'email.label.ipAddress': 'IP-Adresse',
  'email.label.device': 'Gerät',

  'email.jobFailed.title':
    '{kind, select, image {Dein Bild konnte nicht erstellt werden} model {Dein 3D-Objekt konnte nicht erstellt werden} other {Dein Video konnte nicht erstellt werden}}',
  'email.jobFailed.fallback':
    '{kind, select, image {Kaleido konnte dein Bild nicht fertigstellen.} model {Kaleido konnte dein 3D-Objekt nicht fertigstellen.} other {Kaleido konnte dein Video nicht fertigstellen.}}',
  'email.jobFailed.reason.contentPolicy':
    'Der Prompt wurde von den Sicherheitsfiltern des Modells abgelehnt.',
  'email.jobFailed.reason.timeout': 'Die Generierung hat zu lange gedauert und wurde abgebrochen.',
  'email.jobFailed.reason.busy': 'Der Anbieter des Modells ist gerade überlastet oder nicht erreichbar.',
  'email.jobFailed.reason.invalidInput': 'Das Modell hat diese Einstellungen nicht akzeptiert.',
  'email.jobFailed.reason.outputExpired':
    'Das Ergebnis ist beim Anbieter abgelaufen, bevor Kaleido es speichern konnte.',
  'email.jobFailed.reason.interrupted': 'Die Generierung wurde unterbrochen.',
  'email.jobFailed.refund':
    'Die dafür reservierten Credits wurden deinem Guthaben wieder gutgeschrieben. Du kannst es mit demselben Prompt noch einmal versuchen.',
  'email.jobFailed.action': 'Erneut versuchen',

  'email.jobReady.title':
    '{kind, select, image {Dein Bild ist fertig} model {Dein 3D-Objekt ist fertig} other {Dein Video ist fertig}}',
  'email.jobReady.inLibrary':
    '{kind, select, image {Kaleido hat dein Bild fertiggestellt – du findest es in deiner Bibliothek.} model {Kaleido hat dein 3D-Objekt fertiggestellt – du findest es in deiner Bibliothek.} other {Kaleido hat dein Video fertiggestellt – du findest es in deiner Bibliothek.}}',
  'email.jobReady.unsaved':
    '{kind, select, image {Kaleido hat dein Bild fertiggestellt.} other {Kaleido hat dein Video fertiggestellt.}} Automatisches Speichern ist aus: Speichere es innerhalb von {days, plural, one {# Tag} other {# Tagen}} aus dem Verlauf des Generators, um es zu behalten.',
  'email.jobReady.openGenerator': 'Generator öffnen',
  'email.jobReady.openLibrary': 'In der Bibliothek öffnen',

  'email.creditsLow.subject': 'Deine Kaleido-Credits werden knapp',
  'email.creditsLow.preheader': '{count, plural, one {Noch # Credit übrig.} other {Noch # Credits übrig.}}',
  'email.creditsLow.heading': 'Deine Credits werden knapp',
  'email.creditsLow.body':
    '{count, plural, one {Du hast noch # Credit.} other {Du hast noch # Credits.}} Kaufe ein Credit-Paket oder wechsle deinen Tarif, um weiter kreativ zu sein.',
  'email.creditsLow.action': 'Tarife und Pakete ansehen',

  'email.receipt.subject': 'Kaleido-Beleg {number}',
  'email.receipt.heading.pack': 'Danke für deinen Kauf',
  'email.receipt.heading.plan': 'Du nutzt jetzt den Tarif {plan}',
  'email.receipt.heading.renewal': 'Dein Tarif {plan} wurde verlängert',
  'email.receipt.body.pack': 'Dein Credit-Paket ist bezahlt und die Credits stehen dir sofort zur Verfügung.',
  'email.receipt.body.plan':
    'Dein Upgrade ist bezahlt und gilt ab sofort: Heute hat ein neuer Abrechnungsmonat begonnen.',
  'email.receipt.body.renewal':
    'Dein Tarif wurde um einen weiteren Monat verlängert und deine monatlichen Credits wurden wieder aufgefüllt.',
  'email.receipt.item.pack': '{credits, plural, one {# Credit} other {# Credits}}',
  'email.receipt.item.packBonus':
    '{credits, plural, one {# Credit} other {# Credits}} + {bonus, number} Bonus',
  'email.receipt.item.plan':
    'Upgrade auf {plan} ({credits, plural, one {# Credit pro Monat} other {# Credits pro Monat}})',
  'email.receipt.item.renewal': 'Tarif {plan}, monatliche Verlängerung',
  'email.receipt.credits.pack':
    '{total, plural, one {# Credit} other {# Credits}} deinem Guthaben gutgeschrieben',
  'email.receipt.credits.packBonus':
    '{total, plural, one {# Credit} other {# Credits}} ({credits, number} + {bonus, number} Bonus) deinem Guthaben gutgeschrieben',
  'email.receipt.credits.monthly': '{credits, plural, one {# Credit pro Monat} other {# Credits pro Monat}}',
  'email.receipt.card': '{brand} mit den Endziffern {last4}',
  'email.billing.action.view': 'Abrechnung ansehen',
  'email.billing.action.update': 'Zahlungsdaten aktualisieren',

  'email.downgrade.subject': 'Dein Tarif wechselt am {date} zu {plan}',
  'email.downgrade.preheader': 'Du behältst {plan} bis zum Ende dieses Abrechnungsmonats.',
  'email.downgrade.heading': 'Dein Tarif wechselt zu {plan}',
  'email.downgrade.body':
    'Du behältst den Tarif {from} und seine Credits bis zum Ende dieses Abrechnungsmonats. Danach nutzt du {to} mit {credits, plural, one {# Credit} other {# Credits}} pro Monat. Für diesen Wechsel wird nichts berechnet.',
  'email.downgrade.undo':
    'Du hast es dir anders überlegt? Wähle vorher einfach wieder deinen aktuellen Tarif, um ihn zu behalten.',

  'email.planChanged.subject': 'Du nutzt jetzt den Tarif {plan}',
  'email.planChanged.preheader': '{credits, plural, one {# Credit pro Monat.} other {# Credits pro Monat.}}',
  'email.planChanged.body':
    'Dein geplanter Wechsel gilt seit Beginn des neuen Abrechnungsmonats: {credits, plural, one {# Credit} other {# Credits}} pro Monat. Gekaufte Credits bleiben dir erhalten.',
  'email.renewalFailed.subject': 'Dein Tarif {plan} konnte nicht verlängert werden',
  'email.renewalFailed.preheader': 'Dein Konto wurde auf {plan} umgestellt.',
  'email.renewalFailed.body':
    'Wir konnten deine Karte für den neuen Abrechnungsmonat nicht belasten. Dein Konto wurde deshalb auf den Tarif {plan} mit {credits, plural, one {# Credit} other {# Credits}} pro Monat umgestellt. Gekaufte Credits bleiben dir erhalten.',
  'email.renewalFailed.bodyWithReason':
    'Wir konnten deine Karte für den neuen Abrechnungsmonat nicht belasten ({reason}). Dein Konto wurde deshalb auf den Tarif {plan} mit {credits, plural, one {# Credit} other {# Credits}} pro Monat umgestellt. Gekaufte Credits bleiben dir erhalten.',
  'email.renewalFailed.noCard': 'keine Karte hinterlegt',
  'email.renewalFailed.again':
    'Füge eine Karte hinzu oder aktualisiere sie und wähle wieder {plan}, um seine Credits zurückzubekommen.',

  'email.security.passwordChanged.subject': 'Dein Kaleido-Passwort wurde geändert',
  'email.security.passwordChanged.heading': 'Dein Passwort wurde geändert',
  'email.security.passwordChanged.happened':
    'Das Passwort deines Kaleido-Kontos wurde geändert und deine anderen Sitzungen wurden abgemeldet.',
  'email.security.passwordReset.subject': 'Dein Kaleido-Passwort wurde zurückgesetzt',
  'email.security.passwordReset.heading': 'Dein Passwort wurde zurückgesetzt',
  'email.security.passwordReset.happened':
    'Das Passwort deines Kaleido-Kontos wurde über einen per E-Mail verschickten Link zurückgesetzt und alle Sitzungen wurden abgemeldet.',
  'email.security.twoFactorEnabled.subject': 'Die Zwei-Faktor-Anmeldung ist aktiviert',
  'email.security.twoFactorEnabled.heading': 'Die Zwei-Faktor-Anmeldung wurde aktiviert',
  'email.security.twoFactorEnabled.happened':
    'Für die Anmeldung bei deinem Kaleido-Konto brauchst du jetzt einen Code aus deiner Authenticator-App.',
  'email.security.twoFactorDisabled.subject': 'Die Zwei-Faktor-Anmeldung ist deaktiviert',
  'email.security.twoFactorDisabled.heading': 'Die Zwei-Faktor-Anmeldung wurde deaktiviert',
  'email.security.twoFactorDisabled.happened':
    'Bei der Anmeldung bei deinem Kaleido-Konto wird kein Code aus deiner Authenticator-App mehr abgefragt.',
  'email.security.passkeyAdded.subject': 'Deinem Kaleido-Konto wurde ein neuer Passkey hinzugefügt',
  'email.security.passkeyAdded.heading': 'Ein neuer Passkey wurde hinzugefügt',
  'email.security.passkeyAdded.happened':
    'Mit einem neuen Passkey kann man sich jetzt bei deinem Kaleido-Konto anmelden.',
  'email.security.recoveryCodeUsed.subject': 'Ein Kaleido-Wiederherstellungscode wurde verwendet',
  'email.security.recoveryCodeUsed.heading': 'Zur Anmeldung wurde ein Wiederherstellungscode verwendet',
  'email.security.recoveryCodeUsed.happened':
    'Einer deiner Einmal-Wiederherstellungscodes wurde zur Anmeldung bei deinem Kaleido-Konto verwendet.',
  'email.security.passkeyRemoved.subject': 'Ein Passkey wurde aus deinem Kaleido-Konto entfernt',
  'email.security.passkeyRemoved.heading': 'Ein Passkey wurde entfernt',
  'email.security.passkeyRemoved.happened':
    'Mit einem deiner Passkeys kann man sich nicht mehr bei deinem Kaleido-Konto anmelden.',
  'email.security.recoveryCodesRegenerated.subject': 'Neue Kaleido-Wiederherstellungscodes wurden erstellt',
  'email.security.recoveryCodesRegenerated.heading': 'Neue Wiederherstellungscodes wurden erstellt',
  'email.security.recoveryCodesRegenerated.happened':
    'Dein Konto hat zehn neue Wiederherstellungscodes. Die bisherigen Codes funktionieren nicht mehr.',
  'email.security.twoFactorReset.subject':
    'Die Zwei-Faktor-Anmeldung deines Kaleido-Kontos wurde zurückgesetzt',
  'email.security.twoFactorReset.heading': 'Ein Administrator hat deine Zwei-Faktor-Anmeldung zurückgesetzt',
  'email.security.twoFactorReset.happened':
    'Ein Administrator hat deine Authenticator-App, deine Wiederherstellungscodes, deine Passkeys und deine vertrauenswürdigen Geräte entfernt. Du meldest dich jetzt nur mit deinem Passwort an; in den Einstellungen kannst du die Zwei-Faktor-Anmeldung wieder einrichten.',
  'email.security.advice':
    'Wenn du das warst, musst du nichts tun. Falls nicht, setze jetzt dein Passwort zurück und überprüfe dein Konto.',
  'email.security.action': 'Konto überprüfen',

  'email.accountLinked.subject': 'Die Anmeldung mit {provider} wurde mit deinem Kaleido-Konto verknüpft',
  'email.accountLinked.heading': 'Die Anmeldung mit {provider} wurde verknüpft',
  'email.accountLinked.happened':
    'Du kannst dich jetzt mit {provider} bei deinem Kaleido-Konto ({email}) anmelden.',
  'email.accountLinked.passwordRemoved':
    'Diese E-Mail-Adresse war noch nicht bestätigt. Deshalb wurde das Passwort des Kontos entfernt und seine anderen Sitzungen wurden abgemeldet. Wenn du dich wieder mit einem Passwort anmelden möchtest, wähle auf der Anmeldeseite „Passwort vergessen?“.',
  'email.accountLinked.advice':
    'Wenn du das nicht warst, setze dein Passwort zurück und wende dich an die Kaleido-Administration.',
  'email.accountLinked.action': 'Zur Anmeldung',

  // Die Webhook-URL des Kontos wurde nach Fehlern deaktiviert.
  'email.webhookDisabled.subject': 'Deine Kaleido-Webhook-URL wurde deaktiviert',
  'email.webhookDisabled.heading': 'Webhook-Zustellungen gestoppt',
  'email.webhookDisabled.happened':
    'Kaleido sendet keine Ereignisse mehr an {url}: Alle Zustellungen sind seit mehreren Tagen fehlgeschlagen, oder die Adresse hat mit 410 Gone geantwortet.',
  'email.webhookDisabled.advice':
    'Prüfe, ob der Empfänger erreichbar ist und mit einem 2xx-Status antwortet, und speichere die URL dann in den Einstellungen erneut, um die Zustellungen fortzusetzen. Das Zustellprotokoll zeigt jeden Versuch.',
  'email.webhookDisabled.action': 'Zustellprotokoll öffnen',

  'email.passwordReset.subject': 'Setze dein Kaleido-Passwort zurück',
  'email.passwordReset.preheader':
    'Der Link ist {minutes, plural, one {# Minute} other {# Minuten}} lang gültig.',
  'email.passwordReset.heading': 'Passwort zurücksetzen',
  'email.passwordReset.asked':
    'Jemand (hoffentlich du) möchte das Passwort deines Kaleido-Kontos zurücksetzen.',
  'email.passwordReset.within':
    'Öffne diesen Link innerhalb von {minutes, plural, one {# Minute} other {# Minuten}}, um ein neues Passwort festzulegen.',
  'email.passwordReset.ignore':
    'Wenn du das nicht angefordert hast, ignoriere diese E-Mail einfach – dein Passwort bleibt unverändert.',
  'email.passwordReset.action': 'Neues Passwort festlegen',

  'email.unsubscribe.confirmTitle':
    '{setting, select, marketingEmails {Neuigkeiten und Ankündigungen abbestellen?} other {Benachrichtigungs-E-Mails abbestellen?}}',
  'email.unsubscribe.confirmBody':
    '{setting, select, marketingEmails {Kaleido schickt dir dann keine Neuigkeiten und Ankündigungen mehr.} other {Kaleido schreibt dir dann nicht mehr zu Generierungen, Credits, Belegen und Tarifwechseln. Sicherheitshinweise (Änderungen an Passwort und Anmeldung) werden immer verschickt.}}',
  'email.unsubscribe.button': 'Abbestellen',
  'email.unsubscribe.doneTitle': 'Abbestellung bestätigt',
  'email.unsubscribe.done':
    '{setting, select, marketingEmails {Du bekommst keine Neuigkeiten und Ankündigungen mehr. Du kannst sie jederzeit in den Einstellungen wieder aktivieren.} other {Du bekommst keine Benachrichtigungs-E-Mails mehr. Du kannst sie jederzeit in den Einstellungen wieder aktivieren.}}',
  'email.unsubscribe.errorTitle': 'Dieser Link funktioniert nicht',
  'email.unsubscribe.openSettings': 'E-Mail-Einstellungen öffnen',
};

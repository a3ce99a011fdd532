/**
 * Kaleido's e-mails and the unsubscribe pages in English: the reference catalog. Ids are
 * `email.<kind>.<part>`; values are ICU messages (plurals, selects). The other languages have exactly
 * these ids and placeholders (a unit test checks it). Product and plan names stay as they are.
 */
export const emailEn = {
  // The layout every e-mail shares.
  'email.layout.greeting': 'Hi {name},',
  'email.layout.row': '{label}: {value}',
  'email.layout.settings': 'E-mail settings',
  'email.layout.unsubscribe': 'Unsubscribe',
  'email.layout.reason.security':
    'This is a security notice: Kaleido always sends these, whatever your e-mail settings.',
  'email.layout.reason.notifications':
    'You get this e-mail because e-mail notifications are on in your Kaleido settings.',
  'email.layout.reason.marketing': 'You get this e-mail because you agreed to news from Kaleido.',

  // Labels of the detail rows.
  'email.label.prompt': 'Prompt',
  'email.label.ended': 'Ended',
  'email.label.finished': 'Finished',
  'email.label.item': 'Item',
  'email.label.amount': 'Amount',
  'email.label.credits': 'Credits',
  'email.label.invoice': 'Invoice',
  'email.label.date': 'Date',
  'email.label.paidWith': 'Paid with',
  'email.label.currentPlan': 'Current plan',
  'email.label.newPlan': 'New plan',
  'email.label.takesEffect': 'Takes effect',
  'email.label.when': 'When',
  'email.label.ipAddress': 'IP address',
  'email.label.device': 'Device',

  // A generation failed.
  'email.jobFailed.title':
    '{kind, select, image {Your image could not be made} model {Your 3D object could not be made} other {Your video could not be made}}',
  'email.jobFailed.fallback':
    '{kind, select, image {Kaleido could not finish your image.} model {Kaleido could not finish your 3D object.} other {Kaleido could not finish your video.}}',
  'email.jobFailed.reason.contentPolicy': 'The prompt was refused by the model’s safety checks.',
  'email.jobFailed.reason.timeout': 'The generation took too long and was stopped.',
  'email.jobFailed.reason.busy': 'The model’s provider is busy or unavailable right now.',
  'email.jobFailed.reason.invalidInput': 'The model did not accept these settings.',
  'email.jobFailed.reason.outputExpired': 'The result expired at the provider before Kaleido could save it.',
  'email.jobFailed.reason.interrupted': 'The generation was interrupted.',
  'email.jobFailed.refund':
    'The credits it reserved were returned to your balance. You can try again with the same prompt.',
  'email.jobFailed.action': 'Try again',

  // A long generation ended while no open page followed it.
  'email.jobReady.title':
    '{kind, select, image {Your image is ready} model {Your 3D object is ready} other {Your video is ready}}',
  'email.jobReady.inLibrary':
    '{kind, select, image {Kaleido finished the image you asked for; it is in your library.} model {Kaleido finished the 3D object you asked for; it is in your library.} other {Kaleido finished the video you asked for; it is in your library.}}',
  'email.jobReady.unsaved':
    '{kind, select, image {Kaleido finished the image you asked for.} other {Kaleido finished the video you asked for.}} Auto-save is off: save it from the generator’s history within {days, plural, one {# day} other {# days}} to keep it.',
  'email.jobReady.openGenerator': 'Open the generator',
  'email.jobReady.openLibrary': 'Open in your library',

  // The balance fell below the low-credit mark.
  'email.creditsLow.subject': 'Your Kaleido credits are running low',
  'email.creditsLow.preheader': '{count, plural, one {# credit left.} other {# credits left.}}',
  'email.creditsLow.heading': 'Your credits are running low',
  'email.creditsLow.body':
    '{count, plural, one {You have # credit left.} other {You have # credits left.}} Buy a credit pack or change plan to keep creating.',
  'email.creditsLow.action': 'See plans and packs',

  // Receipts: a credit pack, an upgrade, a renewal.
  'email.receipt.subject': 'Kaleido receipt {number}',
  'email.receipt.heading.pack': 'Thank you for your purchase',
  'email.receipt.heading.plan': 'You are on the {plan} plan',
  'email.receipt.heading.renewal': 'Your {plan} plan was renewed',
  'email.receipt.body.pack': 'Your credit pack is paid and its credits are ready to use.',
  'email.receipt.body.plan': 'Your upgrade is paid and applies now: a new billing month started today.',
  'email.receipt.body.renewal': 'Your plan renewed for another month and your monthly credits were reset.',
  'email.receipt.item.pack': '{credits, plural, one {# credit} other {# credits}}',
  'email.receipt.item.packBonus':
    '{credits, plural, one {# credit} other {# credits}} + {bonus, number} bonus',
  'email.receipt.item.plan':
    'Upgrade to {plan} ({credits, plural, one {# monthly credit} other {# monthly credits}})',
  'email.receipt.item.renewal': '{plan} plan, monthly renewal',
  'email.receipt.credits.pack': '{total, plural, one {# credit} other {# credits}} added to your balance',
  'email.receipt.credits.packBonus':
    '{total, plural, one {# credit} other {# credits}} ({credits, number} + {bonus, number} bonus) added to your balance',
  'email.receipt.credits.monthly': '{credits, plural, one {# monthly credit} other {# monthly credits}}',
  'email.receipt.card': '{brand} ending in {last4}',
  'email.billing.action.view': 'View billing',
  'email.billing.action.update': 'Update billing',

  // A downgrade was scheduled for the end of the billing month.
  'email.downgrade.subject': 'Your plan changes to {plan} on {date}',
  'email.downgrade.preheader': 'You keep {plan} until the end of this billing month.',
  'email.downgrade.heading': 'Your plan changes to {plan}',
  'email.downgrade.body':
    'You keep the {from} plan and its credits until the end of this billing month. From then on you are on {to}, with {credits, plural, one {# monthly credit} other {# monthly credits}}. Nothing is charged for this change.',
  'email.downgrade.undo': 'Changed your mind? Choose your current plan again before then to keep it.',

  // The plan changed with the new billing month: a scheduled downgrade, or a renewal that failed.
  'email.planChanged.subject': 'You are now on the {plan} plan',
  'email.planChanged.preheader': '{credits, plural, one {# monthly credit.} other {# monthly credits.}}',
  'email.planChanged.body':
    'Your scheduled change took effect with the new billing month: {credits, plural, one {# monthly credit} other {# monthly credits}}. Credits you bought are kept.',
  'email.renewalFailed.subject': 'Your {plan} plan could not be renewed',
  'email.renewalFailed.preheader': 'Your account moved to {plan}.',
  'email.renewalFailed.body':
    'We could not charge your card for the new billing month, so your account moved to the {plan} plan with {credits, plural, one {# monthly credit} other {# monthly credits}}. Credits you bought are kept.',
  'email.renewalFailed.bodyWithReason':
    'We could not charge your card for the new billing month ({reason}), so your account moved to the {plan} plan with {credits, plural, one {# monthly credit} other {# monthly credits}}. Credits you bought are kept.',
  'email.renewalFailed.noCard': 'no card on file',
  'email.renewalFailed.again': 'Add or update a card and choose {plan} again to get its credits back.',

  // Security notices: always sent, without an unsubscribe link.
  'email.security.passwordChanged.subject': 'Your Kaleido password was changed',
  'email.security.passwordChanged.heading': 'Your password was changed',
  'email.security.passwordChanged.happened':
    'The password of your Kaleido account was changed, and your other sessions were signed out.',
  'email.security.passwordReset.subject': 'Your Kaleido password was reset',
  'email.security.passwordReset.heading': 'Your password was reset',
  'email.security.passwordReset.happened':
    'The password of your Kaleido account was reset with an e-mailed link, and every session was signed out.',
  'email.security.twoFactorEnabled.subject': 'Two-factor sign-in is on',
  'email.security.twoFactorEnabled.heading': 'Two-factor sign-in was turned on',
  'email.security.twoFactorEnabled.happened':
    'Signing in to your Kaleido account now needs a code from your authenticator app.',
  'email.security.twoFactorDisabled.subject': 'Two-factor sign-in is off',
  'email.security.twoFactorDisabled.heading': 'Two-factor sign-in was turned off',
  'email.security.twoFactorDisabled.happened':
    'Signing in to your Kaleido account no longer asks for a code from your authenticator app.',
  'email.security.passkeyAdded.subject': 'A new passkey was added to your Kaleido account',
  'email.security.passkeyAdded.heading': 'A new passkey was added',
  'email.security.passkeyAdded.happened': 'A new passkey can now sign in to your Kaleido account.',
  'email.security.recoveryCodeUsed.subject': 'A Kaleido recovery code was used',
  'email.security.recoveryCodeUsed.heading': 'A recovery code was used to sign in',
  'email.security.recoveryCodeUsed.happened':
    'One of your single-use recovery codes was used to sign in to your Kaleido account.',
  'email.security.passkeyRemoved.subject': 'A passkey was removed from your Kaleido account',
  'email.security.passkeyRemoved.heading': 'A passkey was removed',
  'email.security.passkeyRemoved.happened':
    'One of your passkeys can no longer sign in to your Kaleido account.',
  'email.security.recoveryCodesRegenerated.subject': 'New Kaleido recovery codes were created',
  'email.security.recoveryCodesRegenerated.heading': 'New recovery codes were created',
  'email.security.recoveryCodesRegenerated.happened':
    'Your account has a new set of ten recovery codes. The previous codes no longer work.',
  'email.security.twoFactorReset.subject': 'Two-factor sign-in was reset on your Kaleido account',
  'email.security.twoFactorReset.heading': 'An administrator reset your two-factor sign-in',
  'email.security.twoFactorReset.happened':
    'An administrator removed your authenticator app, recovery codes, passkeys and trusted devices. You now sign in with your password only; you can set up two-factor sign-in again in Settings.',
  'email.security.advice':
    'If this was you, there is nothing to do. If it was not, reset your password now and review your account.',
  'email.security.action': 'Review your account',

  // A social sign-in was linked to an existing account.
  'email.accountLinked.subject': '{provider} sign-in was linked to your Kaleido account',
  'email.accountLinked.heading': '{provider} sign-in was linked',
  'email.accountLinked.happened': 'Your Kaleido account ({email}) can now be signed in to with {provider}.',
  'email.accountLinked.passwordRemoved':
    'This e-mail address had not been verified yet, so the password set on the account was removed and its other sessions were signed out. To sign in with a password again, choose “Forgot password?” on the sign-in page.',
  'email.accountLinked.advice':
    'If this was not you, reset your password and contact your Kaleido administrator.',
  'email.accountLinked.action': 'Go to sign-in',

  // The account's webhook URL was disabled after failing.
  'email.webhookDisabled.subject': 'Your Kaleido webhook URL was disabled',
  'email.webhookDisabled.heading': 'Webhook deliveries stopped',
  'email.webhookDisabled.happened':
    'Kaleido stopped sending events to {url}: every delivery to it has failed for several days, or it answered 410 Gone.',
  'email.webhookDisabled.advice':
    'Check that the receiver is online and answers with a 2xx status, then save the URL again in Settings to resume deliveries. The delivery log shows each attempt.',
  'email.webhookDisabled.action': 'Open the delivery log',

  // The forgotten-password link.
  'email.passwordReset.subject': 'Reset your Kaleido password',
  'email.passwordReset.preheader': 'The link works for {minutes, plural, one {# minute} other {# minutes}}.',
  'email.passwordReset.heading': 'Reset your password',
  'email.passwordReset.asked': 'Someone (hopefully you) asked to reset the password of your Kaleido account.',
  'email.passwordReset.within':
    'Open this link within {minutes, plural, one {# minute} other {# minutes}} to choose a new one.',
  'email.passwordReset.ignore':
    'If you did not ask for this, ignore this e-mail: your password stays the same.',
  'email.passwordReset.action': 'Choose a new password',

  // The unsubscribe link's pages.
  'email.unsubscribe.confirmTitle':
    '{setting, select, marketingEmails {Unsubscribe from news and announcements?} other {Unsubscribe from notification e-mails?}}',
  'email.unsubscribe.confirmBody':
    '{setting, select, marketingEmails {Kaleido will stop sending you news and announcements.} other {Kaleido will stop e-mailing you about generations, credits, receipts and plan changes. Security notices (password and sign-in changes) are always sent.}}',
  'email.unsubscribe.button': 'Unsubscribe',
  'email.unsubscribe.doneTitle': 'You are unsubscribed',
  'email.unsubscribe.done':
    '{setting, select, marketingEmails {You are unsubscribed from news and announcements. Turn them back on any time in Settings.} other {You are unsubscribed from notification e-mails. Turn them back on any time in Settings.}}',
  'email.unsubscribe.errorTitle': 'This link does not work',
  'email.unsubscribe.openSettings': 'Open e-mail settings',
} as const;

export type TEmailMessageId = keyof typeof emailEn;

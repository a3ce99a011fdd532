/**
 * What the server says to people, in English: the error envelope's texts (`api.error.<CODE>` for each
 * code of ERRORS), the schemas' validation messages and the other texts of the API (ICU MessageFormat).
 * The web bundles these ids into its own catalogs, so a screen can show the same words.
 * es.ts, fr.ts, de.ts and zh.ts have exactly these keys and placeholders (catalogs.test.ts).
 */
export const en = {
  // The envelope's default message of each error code (common/src/errors.ts).
  'api.error.VALIDATION_FAILED': 'Invalid request.',
  'api.error.BAD_REQUEST': 'Bad request.',
  'api.error.UNSUBSCRIBE_LINK_INVALID':
    'This unsubscribe link is not valid. Use the link of a recent Kaleido e-mail, or turn e-mails off in Settings → Notifications.',
  'api.error.AUTHENTICATION_REQUIRED': 'Authentication required',
  'api.error.USER_NOT_AUTHENTICATED': 'User not authenticated',
  'api.error.AUTHENTICATION_FAILED': 'Authentication failed. Please try again.',
  'api.error.SOCIAL_LOGIN_FAILED': 'Google login failed. Please try again.',
  'api.error.TWO_FACTOR_CHALLENGE_EXPIRED': 'Your sign-in took too long. Please sign in again.',
  'api.error.LOGIN_REQUIRED_IMAGE': 'Please log in to generate images',
  'api.error.LOGIN_REQUIRED_VIDEO': 'Please log in to generate videos',
  'api.error.INSUFFICIENT_CREDITS': 'Insufficient credits.',
  'api.error.PAYMENT_DECLINED': 'Your card was declined.',
  'api.error.FORBIDDEN': 'You do not have permission to do that.',
  'api.error.INSUFFICIENT_SCOPE': 'This API key does not have the scope this call needs.',
  'api.error.CROSS_SITE_REQUEST': 'Cross-site request rejected.',
  'api.error.INTEGRATIONS_DISABLED':
    'Integrations are turned off for this account. Turn them on in Settings → Integrations to use your personal API key.',
  'api.error.DEBUG_MODE_OFF':
    'Diagnostics are shown when Debug mode is on. Turn it on in Settings → Advanced.',
  'api.error.ACCOUNT_DISABLED': "This account has been disabled. Contact this site's administrator.",
  'api.error.API_KEY_NOT_ALLOWED': 'API keys cannot be used for administration. Sign in as an administrator.',
  'api.error.ADMIN_SECOND_FACTOR_REQUIRED':
    'Administrators must turn on two-step sign-in first: Settings → Security.',
  'api.error.LAST_ADMINISTRATOR': 'You are the only administrator: promote someone else first.',
  'api.error.NOT_FOUND': 'Not found',
  'api.error.ROUTE_NOT_FOUND': 'Not found',
  'api.error.PROFILE_NOT_FOUND': 'Profile not found.',
  'api.error.UNSUBSCRIBE_ACCOUNT_GONE':
    'The account of this unsubscribe link no longer exists, so it receives no e-mails.',
  'api.error.METHOD_NOT_ALLOWED': 'Method not allowed',
  'api.error.CONFLICT': 'Conflict',
  'api.error.RESULT_EXPIRED':
    'This result was not saved and was deleted after 7 days. It can no longer be saved.',
  'api.error.HANDLE_TAKEN': 'That handle is already taken. Please choose another one.',
  'api.error.PAYLOAD_TOO_LARGE': 'Request body is too large.',
  'api.error.UNSUPPORTED_MEDIA_TYPE': 'Unsupported content type.',
  'api.error.RATE_LIMITED': 'Too many requests. Please try again later.',
  'api.error.GENERATION_FAILED_IMAGE': 'Failed to generate image',
  'api.error.GENERATION_FAILED_VIDEO': 'Failed to generate video',
  'api.error.GENERATION_FAILED_MODEL': 'Failed to generate the 3D object',
  'api.error.GENERATION_CANCELLED': 'The generation was cancelled before it finished; no credits were used.',
  'api.error.CONTENT_BLOCKED':
    'This prompt contains words this site does not allow. Change it and try again; no credits were used.',
  'api.error.MODEL_NOT_ALLOWED': 'Your plan cannot use this model. Choose another model or change your plan.',
  'api.error.ALREADY_REPORTED': 'You have already reported this item.',
  'api.error.SIGNUPS_CLOSED': 'Sign-ups are closed on this site.',
  'api.error.INVITE_REQUIRED':
    'Sign-ups on this site are by invitation only: open the invite link you were sent.',
  'api.error.INVITE_INVALID':
    'This invite link has expired, has been used up or was revoked. Ask for a new one.',
  'api.error.INTERNAL': 'Unknown error occurred',
  'api.error.HEALTH_CHECK_FAILED': 'Health check failed',
  'api.error.SERVICE_UNAVAILABLE': 'Service unavailable. Please try again shortly.',

  // Requests in general.
  'api.request.invalidJson': 'Invalid JSON body.',
  'api.request.invalidCursor': 'Invalid cursor.',
  'api.request.routeNotFound': 'Route {method} {path} not found',
  'api.request.methodNotAllowed': '{method} is not allowed on {path}; allowed: {allowed}',
  'api.request.idempotencyKeyInvalid': 'Idempotency-Key must be 1 to 255 characters.',

  // Accounts, sign-in and social sign-in (AUTH_MESSAGES).
  'api.auth.nameRequired': 'Please enter your full name.',
  'api.auth.nameTooLong': 'Names can be at most {max} characters.',
  'api.auth.emailInvalid': 'Please enter a valid email address.',
  'api.auth.passwordRequired': 'Please enter your password.',
  'api.auth.passwordTooShort': 'Password must be at least {min} characters.',
  'api.auth.passwordTooLong': 'Password must be at most {max} characters.',
  'api.auth.invalidCredentials': 'Invalid email or password.',
  'api.auth.emailTaken': 'An account with this email already exists.',
  'api.auth.resetLinkInvalid': 'This reset link is invalid or has expired.',
  'api.auth.resetEmailSent': 'If an account exists for that email, we sent a link to reset the password.',
  'api.auth.passwordChanged': 'Your password has been changed.',
  'api.auth.passwordReset': 'Your password has been reset. You can sign in now.',
  'api.auth.tooManyAttempts': 'Too many attempts. Please wait a moment and try again.',
  'api.auth.accountLocked':
    'Too many failed sign-in attempts for this account. Please try again in a few minutes.',
  'api.auth.socialNotConfigured': 'Social sign-in is not set up on this server.',
  'api.auth.deleteConfirmWord': 'Type DELETE to confirm.',
  'api.auth.reauthRequired': 'Please enter your password to confirm.',
  'api.auth.currentPasswordIncorrect': 'Current password is incorrect.',
  'api.auth.passwordFieldsRequired': 'Please fill in all password fields.',
  'api.auth.socialReauthRequired': 'Please sign in again with your social account to confirm.',
  'api.auth.adminOnly': 'Administrators only.',
  'api.auth.userNotFound': 'User not found',
  'api.auth.providerUnknown': 'Unknown sign-in provider.',
  'api.auth.socialFailed': '{provider} sign-in failed. Please try again.',
  'api.auth.socialNoVerifiedEmail': 'Your {provider} account has no verified email address to sign in with.',
  'api.auth.socialCancelled': 'Sign-in was cancelled.',
  'api.auth.socialUnavailable': '{provider} sign-in is unavailable right now. Please try again later.',
  'api.auth.socialInterrupted': 'Your sign-in took too long or was interrupted. Please try again.',
  'api.auth.popupTitle': 'Kaleido sign-in',
  'api.auth.popupSignedIn': 'Signed in. You can close this window.',
  'api.auth.popupFailed': 'Sign-in failed.',
  'api.twoFactor.codeRequired': 'Please enter the code from your authenticator app.',
  'api.twoFactor.codeInvalid':
    'That code is not valid. Enter the current 6-digit code from your authenticator app.',
  'api.twoFactor.recoveryCodeInvalid': 'That recovery code is not valid or has already been used.',
  'api.twoFactor.notPending': 'Start the authenticator app setup first.',
  'api.twoFactor.alreadyEnabled': 'Two-factor sign-in with an authenticator app is already on.',
  'api.twoFactor.notEnabled': 'Two-factor sign-in with an authenticator app is not on.',
  'api.twoFactor.passkeyFailed': 'The passkey could not be verified. Please try again.',
  'api.twoFactor.passkeyUnknown':
    'This passkey is not registered with Kaleido. Sign in with your password or use another passkey.',
  'api.twoFactor.passkeyNameRequired': 'Please enter a name for the passkey.',
  'api.twoFactor.passkeyNameTooLong': 'Passkey names can be at most {max} characters.',
  'api.twoFactor.passkeyLimit': 'You can register at most {max} passkeys. Delete one to add another.',
  'api.twoFactor.passkeyNotFound': 'Passkey not found.',
  'api.twoFactor.passkeysUnavailable': 'Passkeys are not available on this server.',
  'api.twoFactor.popupSecondStep': 'One more step: confirm the sign-in in the Kaleido window.',
  'api.settings.twoFactorManaged': 'Turn two-factor sign-in on or off in Settings → Security.',

  // Cards, the billing address and purchases (BILLING_MESSAGES).
  'api.billing.cardNumberRequired': 'Enter the card number.',
  'api.billing.cardNumberInvalid': 'This card number is not valid. Check the digits and try again.',
  'api.billing.cardBrandUnsupported':
    'This card type is not accepted. Use Visa, Mastercard, American Express or Discover.',
  'api.billing.expiryRequired': 'Enter the expiry date as MM/YY.',
  'api.billing.expiryInvalid': 'Enter the expiry date as MM/YY, for example 04/29.',
  'api.billing.expiryPast': 'This card has expired. Check the expiry date.',
  'api.billing.cvcInvalid': 'The CVC is the 3 or 4 digits printed on the card.',
  'api.billing.cvcAmex': 'American Express cards have a 4-digit CVC.',
  'api.billing.cardholderRequired': 'Enter the name on the card.',
  'api.billing.cardholderTooLong': 'The name on the card can be at most 100 characters.',
  'api.billing.addressFieldRequired':
    '{field, select, name {Full Name} email {Email} address {Address} city {City} state {State} zipCode {ZIP Code} country {Country} other {This field}} is required.',
  'api.billing.addressFieldTooLong':
    '{field, select, name {Full Name} email {Email} address {Address} city {City} state {State} zipCode {ZIP Code} country {Country} other {This field}} can be at most 200 characters.',
  'api.billing.emailInvalid': 'Enter a valid e-mail address.',
  'api.billing.countryInvalid': 'Choose one of {countries}.',
  'api.billing.cardDeclined': 'Your card was declined.',
  'api.billing.insufficientFunds': 'Your card has insufficient funds.',
  'api.billing.cardExpiredDecline': 'Your card has expired.',
  'api.billing.cvcCheckFailed': "Your card's security code is incorrect.",
  'api.billing.processingError': 'An error occurred while processing your card. Try again in a little while.',
  'api.billing.paymentMethodRequired': 'Add a card before buying.',
  'api.billing.paymentMethodNotFound': 'Payment method not found.',
  'api.billing.unknownPack': 'Unknown credit pack.',
  'api.billing.samePlan': 'You are already on this plan.',
  'api.billing.purchaseInProgress': 'This purchase is already being processed.',
  'api.billing.idempotencyMismatch': 'This purchase key was already used for a different purchase.',
  'api.billing.idempotencyKeyRequired': 'idempotencyKey is required.',
  'api.billing.idempotencyKeyInvalid': 'idempotencyKey must be 8 to 100 letters, digits, - or _.',
  'api.billing.cardAdded': 'Card added',
  'api.billing.cardRemoved': 'Card removed',
  'api.billing.addressSaved': 'Billing address saved',

  // Credits.
  'api.credits.insufficient':
    'Insufficient credits. {type, select, image {Image} model {3D object} other {Video}} generation requires {price, plural, one {# credit} other {# credits}}.',
  'api.credits.balanceChanged': 'The balance changed meanwhile; try again.',

  // Developer API keys and the public API (API_KEY_MESSAGES).
  'api.apiKeys.nameRequired': 'Please enter a name for your API key',
  'api.apiKeys.nameTooLong': 'Names can be at most {max} characters.',
  'api.apiKeys.descriptionTooLong': 'Descriptions can be at most {max} characters.',
  'api.apiKeys.planNotAllowed': "Your account's plan does not allow API keys of this plan.",
  'api.apiKeys.keyRequired': 'API key required. Send it as "Authorization: Bearer \'<key>\'".',
  'api.apiKeys.keyInvalid': 'Invalid API key.',
  'api.apiKeys.keyInactive': 'This API key is inactive.',
  'api.apiKeys.imageNotAllowed': 'This API key cannot create images.',
  'api.apiKeys.readNotAllowed': 'This API key cannot read generations.',
  'api.apiKeys.videoNotAllowed': "This API key's plan does not include video generation.",
  'api.apiKeys.allowanceExhausted': "Insufficient credits. This API key's monthly allowance is used up.",
  'api.apiKeys.idempotencyMismatch': 'This Idempotency-Key was already used with a different request.',
  'api.apiKeys.rateLimited':
    'Rate limit exceeded for this API key. Retry after the time in the Retry-After header.',
  'api.apiKeys.notFound': 'API key not found',
  'api.apiKeys.insufficientScope':
    'This API key lacks the "{scope}" scope this call needs. Add it to the key on the API Keys page.',
  'api.apiKeys.scopesRequired': 'Choose at least one scope.',
  'api.apiKeys.keyExpired':
    'This API key expired at {expiresAt}. Create a new key or change its expiry on the API Keys page.',
  'api.apiKeys.expiryInPast': 'The expiry date must be in the future.',
  'api.apiKeys.spendCapInvalid': 'The monthly spend cap must be a whole number of credits from 1 to {max}.',
  'api.apiKeys.spendCapReached':
    "This call would exceed the API key's monthly spend cap of {cap} credits ({spent} spent this month). Raise the cap on the API Keys page or wait until next month.",
  'api.apiKeys.graceInvalid': 'The grace period must be from 0 to {max} hours (7 days).',
  'api.publicApi.durationInvalid': 'duration must be one of {durations}.',
  'api.publicApi.frameRateInvalid': 'frameRate must be one of {frameRates}.',

  // Generations (GENERATION_MESSAGES and the jobs' refusals).
  'api.generation.promptRequired': 'Please enter a prompt.',
  'api.generation.promptTooLong': 'Prompts can be at most {max} characters.',
  'api.generation.durationInvalid': 'Duration must be one of {durations}.',
  'api.generation.frameRateInvalid': 'Frame rate must be one of {frameRates}.',
  'api.generation.notFound': 'Generation not found',
  'api.generation.onlyFinishedCanBeSaved': 'Only a finished generation can be saved.',
  'api.generation.unknownModel': 'Unknown model "{model}" for {kind, select, image {images} other {videos}}.',
  'api.generation.noModel': 'No configured model can make {kind, select, image {images} other {videos}}.',
  'api.generation.sizeUnsupported':
    '{model} cannot make {width}×{height} {kind, select, image {images} other {videos}} (at most {maxWidth}×{maxHeight}).',
  'api.generation.aspectRatioUnsupported':
    '{model} cannot make {aspectRatio} {kind, select, image {images} other {videos}} (it makes {aspectRatios}).',
  'api.generation.durationUnsupported': '{model} cannot make {duration}-second videos.',
  'api.generation.frameRateUnsupported': '{model} cannot make videos at {frameRate} fps.',
  'api.generation.cancelled': 'Cancelled',
  'api.generation.timedOut': 'The generation took too long and was stopped. Your credits were refunded.',

  // The library and files.
  'api.library.assetNotFound': 'Asset not found',
  'api.files.notFound': 'File not found or link expired.',

  // Settings (SETTINGS_MESSAGES).
  'api.settings.videoLengthRange': 'Default video length must be between {min} and {max} seconds.',
  'api.settings.webhookUrl': 'Webhook URL must start with http:// or https://',
  'api.settings.webhookUrlPrivate':
    'Webhook URL must point to a public address: it resolves to a private, loopback or reserved one',
  'api.settings.twoFactorUnavailable': 'Two-factor sign-in is not available yet.',
  'api.settings.timezone': 'Unknown time zone.',
  'api.settings.displayNameRequired': 'Please enter a display name.',

  // Experimental tools (EXPERIMENTAL_MESSAGES).
  'api.experimental.off': 'This tool is experimental: turn on Experimental features in Settings to use it.',

  // Handles, profiles and shared creations (SHARING_MESSAGES), first-party analytics.
  'api.sharing.handleFormat':
    'A handle has 3 to 30 characters: lowercase letters, digits, - and _, starting with a letter or digit.',
  'api.sharing.handleReserved': 'That handle is reserved. Please choose another one.',
  'api.sharing.handleTaken': 'That handle is already taken. Please choose another one.',
  'api.sharing.profileNotFound': 'Profile not found.',
  'api.sharing.sharedHiddenHint': 'Shared creations appear when your profile is public or members-only.',
  'api.sharing.saveBeforeSharing': 'Save this result to your library before sharing it.',
  'api.sharing.modelNotShared': '3D objects stay private: the gallery shows images and videos.',
  'api.sharing.audioNotShared': 'Audio uploads stay private: the gallery shows images and videos.',
  'api.analytics.propertiesTooLarge': 'Event properties are too large.',
  'api.analytics.pathInvalid': 'The path must start with / and carry no query string.',

  // E-mail links and provider webhooks.
  'api.email.unsubscribeTokenMissing': 'The unsubscribe link has no token.',
  'api.webhooks.notFound': 'No such webhook',
  'api.webhooks.bodyRequired': 'Expected a JSON body',
  'api.webhooks.signatureRejected': 'Webhook signature rejected',
  'api.webhooks.noUrl': 'Set a webhook URL in Settings before sending a test event',
  'api.webhooks.deliveryNotFound': 'No such webhook delivery',

  // Uploads and creative tools (TOOL_MESSAGES).
  'api.uploads.fileMissing': 'Choose a file to upload (multipart field "file").',
  'api.uploads.tooLarge':
    'This file is too large: {kind, select, image {images} video {videos} other {audio files}} can be at most {maxMegabytes} MB.',
  'api.uploads.unsupported':
    'This file type is not supported. Upload an image (PNG, JPEG, WebP, AVIF, HEIC), a video (MP4, WebM, MOV) or audio (WAV, MP3, M4A).',
  'api.uploads.corrupt': 'This file could not be read: it is damaged or incomplete.',
  'api.uploads.tooManyPixels': 'This image is too large: at most {maxMegapixels} megapixels.',
  'api.uploads.tooLong': 'This file is too long: at most {maxSeconds} seconds.',
  'api.uploads.storageFull':
    'Your storage is full ({limit}). Delete some items from your library or upgrade your plan.',
  'api.tools.sourceNotFound': 'The source item was not found in your library.',
  'api.tools.sourceNotImage': 'This tool works on images only.',
  'api.tools.sourceNotVisual': 'This tool works on images and videos, not on audio.',
  'api.tools.outputTooLarge':
    'The result would be {width}×{height} pixels, more than this model can make ({max} px on the long side). Choose a smaller scale or a smaller source.',
  'api.tools.modeUnavailable': 'No configured model can do this. It needs an AI provider: {providers}.',
  'api.tools.unknownModel': 'Model "{model}" cannot do this.',
  'api.tools.promptRequired': 'Please describe the change.',
  'api.tools.maskRequired': 'Paint the area to change.',
  'api.tools.maskInvalid': 'The mask must be a PNG of the same size as the image.',
  'api.tools.styleRequired': 'Choose a style.',
  'api.tools.expandRequired': 'Choose a new aspect ratio or margins.',
  'api.trainings.tooFewImages': 'A training needs at least {min} images.',
  'api.trainings.tooManyImages': 'A training takes at most {max} images.',
  'api.trainings.duplicateImages': 'Each image can be chosen only once.',
  'api.trainings.notImage': 'A training learns from images only; remove videos and audio.',
  'api.trainings.triggerWord':
    'The trigger word is one word of letters and digits (hyphens and underscores inside).',
  'api.trainings.unavailable':
    'No configured provider can train models. It needs an AI provider: {providers}.',
  'api.trainings.notFinished': 'This training is still running. Cancel it first.',
  'api.trainings.finished': 'This training has already ended.',
  'api.realtime.frameGone': 'This frame is no longer available. Draw or type to get a new one, then keep it.',
  'api.threeD.notImage': 'Choose an image (PNG, JPEG or WebP) to model in 3D.',
  'api.threeD.imageNeedsProvider':
    'Modelling an image in 3D needs an AI provider ({providers}); the offline modeller works from the prompt only.',
  'api.threeD.imageRequired': '{model} makes 3D objects from an image: choose one, or pick another model.',
  'api.lipsync.notVideo': 'Choose a video (MP4, WebM or MOV) to lip-sync.',
  'api.lipsync.notAudio': 'Choose an audio file (WAV, MP3 or M4A) for the voice.',
  'api.lipsync.tooLong':
    'The lip-synced video would last {duration} seconds; this model makes at most {maxSeconds}. Shorten the audio, or choose “Cut off” to stop at the end of the video.',
  // The OpenAI-compatible image edits.
  'api.openai.imageMissing': 'Send the image to edit (multipart field "image").',
  'api.openai.oneImage': 'Send one image to edit.',
  'api.openai.maskInvalid':
    'The mask must be a PNG with transparency, of the same size as the image (its transparent pixels are the ones to change).',
  // The administrators' console (issue 20).
  'api.admin.amountZero': 'Enter an amount other than zero.',
  'api.admin.belowZero': 'This would take the balance below zero: the account has {balance} credits.',
  'api.admin.selfDisable': 'You cannot disable your own account.',
  'api.admin.jobNotCancellable': 'Only queued or running jobs can be cancelled.',
  'api.admin.jobNotRetryable': 'Only failed or cancelled jobs can be retried.',
  'api.admin.jobNotFound': 'Job not found.',
  'api.admin.jobMaskGone':
    "This edit's mask was deleted when the job ended, so it cannot be retried: the person can make it again.",
  'api.admin.accountDisabledNoMail': 'This account is disabled: enable it before sending a password reset.',
  // Moderation and site settings (issue 20).
  'api.moderation.patternInvalid': 'Not a valid regular expression: {term}',
  'api.moderation.itemNotFound': 'This item is not shared, or no longer exists.',
  'api.moderation.notInQueue': 'This item has no reports.',
  'api.siteSettings.unknownModel': 'No configured model has the id {model}.',
  'api.siteSettings.inviteNotFound': 'Invite not found.',
  'api.siteSettings.emailNotFound': 'Announcement e-mail not found.',
} as const;

/** An id of a server message: the keys of the English catalog. */
export type TApiMessageId = keyof typeof en;

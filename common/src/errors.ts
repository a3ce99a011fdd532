import type { TGenerationType } from './constants.js';

/**
 * The error catalogue (spec section 8). Server errors carry a stable `code`; each code has its HTTP
 * status and the spec's message. Texts that only the browser shows live in `MESSAGES`.
 */
export const ERRORS = {
  VALIDATION_FAILED: { status: 400, message: 'Invalid request.' },
  BAD_REQUEST: { status: 400, message: 'Bad request.' },
  UNSUBSCRIBE_LINK_INVALID: {
    status: 400,
    message:
      'This unsubscribe link is not valid. Use the link of a recent Kaleido e-mail, or turn e-mails off in Settings → Notifications.',
  },
  AUTHENTICATION_REQUIRED: { status: 401, message: 'Authentication required' },
  USER_NOT_AUTHENTICATED: { status: 401, message: 'User not authenticated' },
  AUTHENTICATION_FAILED: { status: 401, message: 'Authentication failed. Please try again.' },
  SOCIAL_LOGIN_FAILED: { status: 401, message: 'Google login failed. Please try again.' },
  LOGIN_REQUIRED_IMAGE: { status: 401, message: 'Please log in to generate images' },
  LOGIN_REQUIRED_VIDEO: { status: 401, message: 'Please log in to generate videos' },
  INSUFFICIENT_CREDITS: { status: 402, message: 'Insufficient credits.' },
  PAYMENT_DECLINED: { status: 402, message: 'Your card was declined.' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do that.' },
  CROSS_SITE_REQUEST: { status: 403, message: 'Cross-site request rejected.' },
  INTEGRATIONS_DISABLED: {
    status: 403,
    message:
      'Integrations are turned off for this account. Turn them on in Settings → Integrations to use your personal API key.',
  },
  DEBUG_MODE_OFF: {
    status: 403,
    message: 'Diagnostics are shown when Debug mode is on. Turn it on in Settings → Advanced.',
  },
  NOT_FOUND: { status: 404, message: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Not found' },
  PROFILE_NOT_FOUND: { status: 404, message: 'Profile not found.' },
  UNSUBSCRIBE_ACCOUNT_GONE: {
    status: 404,
    message: 'The account of this unsubscribe link no longer exists, so it receives no e-mails.',
  },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  CONFLICT: { status: 409, message: 'Conflict' },
  RESULT_EXPIRED: {
    status: 410,
    message: 'This result was not saved and was deleted after 7 days. It can no longer be saved.',
  },
  HANDLE_TAKEN: { status: 409, message: 'That handle is already taken. Please choose another one.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please try again later.' },
  GENERATION_FAILED_IMAGE: { status: 502, message: 'Failed to generate image' },
  GENERATION_FAILED_VIDEO: { status: 502, message: 'Failed to generate video' },
  INTERNAL: { status: 500, message: 'Unknown error occurred' },
  HEALTH_CHECK_FAILED: { status: 503, message: 'Health check failed' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service unavailable. Please try again shortly.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type TErrorCode = keyof typeof ERRORS;

export function isErrorCode(value: unknown): value is TErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** 'Insufficient credits. Image generation requires 1 credit.' with the configured price. */
export function insufficientCreditsMessage(type: TGenerationType, price: number): string {
  return `Insufficient credits. ${capitalise(type)} generation requires ${price} credit${price === 1 ? '' : 's'}.`;
}

export function loginRequiredCode(type: TGenerationType): TErrorCode {
  return type === 'image' ? 'LOGIN_REQUIRED_IMAGE' : 'LOGIN_REQUIRED_VIDEO';
}

export function generationFailedCode(type: TGenerationType): TErrorCode {
  return type === 'image' ? 'GENERATION_FAILED_IMAGE' : 'GENERATION_FAILED_VIDEO';
}

/** 'HTTP error! status: 500': what the client says when a response is not OK and has no error text. */
export function httpErrorMessage(status: number): string {
  return `HTTP error! status: ${status}`;
}

/** Texts the browser shows (spec sections 2, 5 and 8), kept with the catalogue so no screen re-types them. */
export const MESSAGES = {
  loading: 'Loading amazing creations...',
  unknownError: 'Unknown error occurred',
  // Signed-out states
  signInToViewAssets: 'Please sign in to view your assets.',
  logInToViewProfile: 'Please log in to view your profile.',
  authenticationRequired: 'Authentication required',
  signInToManageKeys: 'Please sign in to manage your API keys',
  authenticationRequiredTitle: 'Authentication Required',
  signInToManageBilling: 'Please sign in to manage billing',
  logInToGenerateImages: ERRORS.LOGIN_REQUIRED_IMAGE.message,
  logInToGenerateVideos: ERRORS.LOGIN_REQUIRED_VIDEO.message,
  // Auth
  welcomeBack: 'Welcome back',
  createYourAccount: 'Create your account',
  authFailed: ERRORS.AUTHENTICATION_FAILED.message,
  socialLoginFailed: ERRORS.SOCIAL_LOGIN_FAILED.message,
  // Generation
  failedToGenerateImage: ERRORS.GENERATION_FAILED_IMAGE.message,
  failedToGenerateVideo: ERRORS.GENERATION_FAILED_VIDEO.message,
  // Settings and account
  settingUpdateFailed: 'Failed to update setting. Please try again.',
  passwordFieldsRequired: 'Please fill in all password fields.',
  passwordsDoNotMatch: 'New passwords do not match.',
  currentPasswordIncorrect: 'Current password is incorrect.',
  passwordUpdateFailed: 'Failed to update password. Please try again.',
  personalKeyGenerateFailed: 'Failed to generate API key. Please try again.',
  personalKeyRevokeFailed: 'Failed to revoke API key. Please try again.',
  exportFailed: 'Failed to export data. Please try again.',
  deleteAccountFailed: 'Failed to delete account. Please try again.',
  // API keys
  apiKeysLoadFailed: 'Failed to load API keys',
  apiKeyCreateFailed: 'Failed to create API key',
  apiKeyNameRequired: 'Please enter a name for your API key',
  usageStatsLoadFailedToast: 'Failed to load usage statistics',
  usageStatsLoadFailed: 'Failed to load usage stats',
  apiKeyCopied: 'API key copied to clipboard',
  apiKeyExported: 'API key data exported successfully',
  loadingApiKeys: 'Loading API keys...',
  noApiKeys: 'No API keys',
  noApiKeysHint: 'Get started by creating your first API key.',
  // Health
  healthCheckFailed: ERRORS.HEALTH_CHECK_FAILED.message,
} as const;

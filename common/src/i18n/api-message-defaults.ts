import {
  API_KEY_MESSAGES,
  API_KEY_ROTATION_GRACE_HOURS_MAX,
  API_KEY_SPEND_CAP_MAX,
} from '../api-keys-constants.js';
import {
  AUTH_MESSAGES,
  DISPLAY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../auth-constants.js';
import { BILLING_MESSAGES } from '../billing-constants.js';
import { BILLING_COUNTRIES, LIMITS, PUBLIC_API_OPTIONS, VIDEO_OPTIONS } from '../constants.js';
import { GENERATION_MESSAGES, PROMPT_MAX_LENGTH } from '../generation-constants.js';
import { SETTINGS_MESSAGES } from '../settings-constants.js';
import { TRAINING_LIMITS, TRAINING_MESSAGES, TRAINING_PROVIDERS } from '../trainings-constants.js';
import { PASSKEY_NAME_MAX_LENGTH, PASSKEYS_MAX, TWO_FACTOR_MESSAGES } from '../two-factor-constants.js';
import type { TApiMessageId } from './messages/en.js';

/**
 * The placeholder values of the messages that state a fixed limit or list, so a message id alone (a
 * schema's message) can be shown: `t(id, { ...API_MESSAGE_DEFAULTS[id], ...values })`.
 */
export const API_MESSAGE_DEFAULTS: Partial<Record<TApiMessageId, Record<string, string | number>>> = {
  [AUTH_MESSAGES.nameTooLong]: { max: DISPLAY_NAME_MAX_LENGTH },
  [AUTH_MESSAGES.passwordTooShort]: { min: PASSWORD_MIN_LENGTH },
  [AUTH_MESSAGES.passwordTooLong]: { max: PASSWORD_MAX_LENGTH },
  [API_KEY_MESSAGES.nameTooLong]: { max: LIMITS.apiKeyNameMax },
  [API_KEY_MESSAGES.descriptionTooLong]: { max: LIMITS.apiKeyDescriptionMax },
  [API_KEY_MESSAGES.spendCapInvalid]: { max: API_KEY_SPEND_CAP_MAX },
  [API_KEY_MESSAGES.graceInvalid]: { max: API_KEY_ROTATION_GRACE_HOURS_MAX },
  [GENERATION_MESSAGES.promptTooLong]: { max: PROMPT_MAX_LENGTH },
  [GENERATION_MESSAGES.durationInvalid]: { durations: VIDEO_OPTIONS.durations.join(', ') },
  [GENERATION_MESSAGES.frameRateInvalid]: { frameRates: VIDEO_OPTIONS.frameRates.join(', ') },
  'api.publicApi.durationInvalid': { durations: PUBLIC_API_OPTIONS.video.durations.join(', ') },
  'api.publicApi.frameRateInvalid': { frameRates: PUBLIC_API_OPTIONS.video.frameRates.join(', ') },
  [SETTINGS_MESSAGES.videoLengthRange]: {
    min: LIMITS.defaultVideoLengthMin,
    max: LIMITS.defaultVideoLengthMax,
  },
  [BILLING_MESSAGES.countryInvalid]: { countries: BILLING_COUNTRIES.join(', ') },
  [TWO_FACTOR_MESSAGES.passkeyNameTooLong]: { max: PASSKEY_NAME_MAX_LENGTH },
  [TWO_FACTOR_MESSAGES.passkeyLimit]: { max: PASSKEYS_MAX },
  [TRAINING_MESSAGES.tooFewImages]: { min: TRAINING_LIMITS.minImages },
  [TRAINING_MESSAGES.tooManyImages]: { max: TRAINING_LIMITS.maxImages },
  [TRAINING_MESSAGES.unavailable]: { providers: TRAINING_PROVIDERS.join(', ') },
};

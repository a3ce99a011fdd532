export type {
  CardDetails,
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  TokenizedCard,
} from './payment-provider.js';
export { createTestModePaymentProvider } from './test-mode-provider.js';

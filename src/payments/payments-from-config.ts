import type { Config } from '../config/schema.js';
import type { PaymentProvider } from './payment-provider.js';
import { StripeProvider } from './stripe-provider.js';

/** The provider the configuration names: Stripe with `stripeSecretKey`, else none (plan creation answers 503). */
export function createPaymentProvider(config: Readonly<Config>): PaymentProvider | null {
  return config.stripeSecretKey ? new StripeProvider({ secretKey: config.stripeSecretKey, ...config.payments.stripe }) : null;
}

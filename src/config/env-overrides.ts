/**
 * The environment variables the operating interface names, and the config key each one sets.
 * Applied after the defaults and the RADIO_CONFIG file, so a deployment can always override.
 */
export interface EnvOverride {
  variable: string;
  path: readonly string[];
  parse: (raw: string) => unknown;
}

const text = (raw: string) => raw;
// An empty secret in the environment means "not configured", never an empty password.
const optionalText = (raw: string) => (raw.trim() === '' ? null : raw);
const integer = (raw: string) => (/^\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw);

export const ENV_OVERRIDES: readonly EnvOverride[] = [
  { variable: 'PORT', path: ['server', 'port'], parse: integer },
  { variable: 'HOST', path: ['server', 'host'], parse: text },
  { variable: 'REDIS_URL', path: ['redis', 'url'], parse: optionalText },
  { variable: 'REDIS_PREFIX', path: ['redis', 'prefix'], parse: text },
  { variable: 'ADMIN_API_KEY', path: ['adminApiKey'], parse: optionalText },
  { variable: 'STRIPE_SECRET_KEY', path: ['stripeSecretKey'], parse: optionalText },
  { variable: 'STRIPE_WEBHOOK_SECRET', path: ['stripeWebhookSecret'], parse: optionalText },
  { variable: 'METRICS_PORT', path: ['metrics', 'port'], parse: (raw) => (raw.trim() === '' ? null : integer(raw)) },
  { variable: 'METRICS_HOST', path: ['metrics', 'host'], parse: text },
  { variable: 'LOG_LEVEL', path: ['logLevel'], parse: text },
  { variable: 'WORKERS', path: ['server', 'workers'], parse: (raw) => (raw.trim() === 'auto' ? 'auto' : integer(raw)) },
];

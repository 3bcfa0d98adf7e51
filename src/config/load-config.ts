import { readFileSync } from 'node:fs';
import { IANAZone } from 'luxon';
import { ConfigSchema, type Config } from './schema.js';
import { ENV_OVERRIDES } from './env-overrides.js';
import { compileBodyValidator } from '../validation/schema-validator.js';
import { parseAddressList } from '../net/ip-address.js';
import { streamSourcesProblem } from './stream-sources.js';
import { programmeProblem } from './programme-rules.js';
import { deepFreeze } from '../deep-freeze.js';
import { staffProblem } from './staff-keys.js';
import { redisAddressProblem } from './redis-addresses.js';

/** A setting that cannot work; the message always names the key (or variable) at fault. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const DEFAULTS_PATH = new URL('../../config/default.json', import.meta.url);
const validateConfig = compileBodyValidator(ConfigSchema);

type Json = Record<string, unknown>;
const isPlainObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Objects merge key by key; arrays and scalars replace (a schedule override replaces the schedule). */
export function deepMerge(base: Json, override: Json): Json {
  const merged: Json = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return merged;
}

function readJsonFile(path: string | URL, what: string): Json {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`${what}: cannot read ${String(path)} (${(error as Error).message})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${what}: ${String(path)} is not valid JSON (${(error as Error).message})`);
  }
  if (!isPlainObject(parsed)) throw new ConfigError(`${what}: ${String(path)} must hold a JSON object`);
  return parsed;
}

function setPath(target: Json, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    if (!isPlainObject(node[key])) node[key] = {};
    node = node[key] as Json;
  }
  node[path[path.length - 1]!] = value;
}

function keyName(field: string): string {
  const override = ENV_OVERRIDES.find((o) => o.path.join('.') === field);
  return override ? `${field} (env ${override.variable})` : field;
}

/** Rules JSON Schema cannot say: a real time zone, parseable proxy addresses, events that end after they start. */
function checkSemantics(config: Config): void {
  const redisTopologies = [config.redis.url && 'url', config.redis.sentinel && 'sentinel', config.redis.cluster && 'cluster'].filter(Boolean);
  if (redisTopologies.length > 1) throw new ConfigError(`config: redis: set one of url, sentinel and cluster, not ${redisTopologies.join(' and ')}`);
  const addresses = redisAddressProblem(config.redis);
  if (addresses) throw new ConfigError(`config: ${addresses}`);
  const staff = staffProblem(config.staff, config.adminApiKey);
  if (staff) throw new ConfigError(`config: ${staff}`);
  if (!IANAZone.isValidZone(config.station.timezone)) {
    throw new ConfigError(`config: station.timezone: "${config.station.timezone}" is not an IANA time zone`);
  }
  try {
    parseAddressList(config.trustProxy, 'trustProxy');
  } catch (error) {
    throw new ConfigError(`config: ${(error as Error).message}`);
  }
  const programme = programmeProblem({ ...config.schedule, playlists: config.playlists });
  if (programme) {
    const [field, message] = programme;
    throw new ConfigError(`config: ${field.startsWith('playlists') ? field : `schedule.${field}`}: ${message}`);
  }
  // Only with endpoints: a station without webhooks may keep a short grace.
  if (config.webhooks.endpoints.length > 0 && config.webhooks.timeoutMs >= config.server.shutdownGraceMs) {
    throw new ConfigError(
      `config: webhooks.timeoutMs: ${config.webhooks.timeoutMs} must be below server.shutdownGraceMs (${config.server.shutdownGraceMs}), so an attempt in flight never outlasts a shutdown`,
    );
  }
  // The in-memory store lives in one process: several workers on it would each keep their own chat and counters.
  if (config.server.workers !== 1 && !config.redis.url && !config.redis.sentinel && !config.redis.cluster) {
    throw new ConfigError(
      `config: server.workers (env WORKERS): ${JSON.stringify(config.server.workers)} needs Redis (REDIS_URL, redis.sentinel or redis.cluster): the in-memory store cannot be shared between processes`,
    );
  }
  const sources = streamSourcesProblem(config.stream);
  if (sources) throw new ConfigError(`config: ${sources}`);
}

/**
 * Settings = config/default.json, then the RADIO_CONFIG file deep-merged over it, then the
 * environment. Validated once and frozen; any fault throws a ConfigError naming the key.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Json = {}): Readonly<Config> {
  let merged = readJsonFile(DEFAULTS_PATH, 'config/default.json');
  const file = env.RADIO_CONFIG?.trim();
  if (file) merged = deepMerge(merged, readJsonFile(file, 'RADIO_CONFIG'));
  merged = deepMerge(merged, overrides);
  for (const override of ENV_OVERRIDES) {
    const raw = env[override.variable];
    if (raw !== undefined) setPath(merged, override.path, override.parse(raw));
  }
  const result = validateConfig(merged);
  if (!result.ok) {
    const lines = result.problems.map((p) => `${keyName(p.field)}: ${p.message}`);
    throw new ConfigError(`config: ${lines.join('; ')}`);
  }
  checkSemantics(result.value);
  return deepFreeze(result.value);
}

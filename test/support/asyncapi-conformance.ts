import { Ajv, type ValidateFunction } from 'ajv';
import * as ajvFormats from 'ajv-formats';

// The live counterpart of openapi-conformance.ts: each event and ack a test's live client waits
// for is checked against the AsyncAPI document the server serves at /api/asyncapi.json.

const addFormats = ajvFormats.default.default;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv, ['date-time', 'uri']);

type Json = Record<string, any>;
const documents = new Map<string, Promise<Map<string, ValidateFunction> | null>>();

/** Message name (`nowplaying`, `chat:send ack`) → its payload validator, for one channel (`live`, `staff`). */
function liveMessagesOf(origin: string, channel = 'live'): Promise<Map<string, ValidateFunction> | null> {
  let found = documents.get(`${channel} ${origin}`);
  if (!found) {
    found = fetch(`${origin}/api/asyncapi.json`)
      .then(async (res) => (res.ok ? ((await res.json()) as Json) : null))
      .then((doc) => {
        if (!doc?.asyncapi) return null;
        const resolve = (ref: string) =>
          ref
            .slice(2)
            .split('/')
            .reduce((node: Json, key) => node[key], doc);
        const validators = new Map<string, ValidateFunction>();
        for (const messageRef of Object.values(doc.channels[channel].messages as Record<string, { $ref: string }>)) {
          const message = resolve(messageRef.$ref);
          validators.set(message.name, ajv.compile(resolve(message.payload.$ref)));
        }
        return validators;
      })
      .catch(() => null);
    documents.set(`${channel} ${origin}`, found);
  }
  return found;
}

/** Throws when `payload` is not what the AsyncAPI document says message `name` carries. */
export async function checkLiveMessage(baseUrl: string, name: string, payload: unknown, channel = 'live'): Promise<void> {
  const messages = await liveMessagesOf(new URL(baseUrl).origin, channel);
  if (!messages) return;
  const validate = messages.get(name);
  if (!validate) throw new Error(`live message drifts from the AsyncAPI document: "${name}" is not documented on /${channel}`);
  if (!validate(payload)) {
    throw new Error(`live message drifts from the AsyncAPI document: ${name}: ${ajv.errorsText(validate.errors, { separator: '; ' })}\npayload: ${JSON.stringify(payload)?.slice(0, 600)}`);
  }
}

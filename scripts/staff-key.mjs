// Makes a staff member's key: 32 random bytes (256 bits), and the hash the config keeps.
//   npm run staff:key -- "Naomi" moderator
// Prints the key once (hand it to the person; the server never stores it) and the entry for
// the config file's `staff` list. Already have a key? `printf %s "$KEY" | sha256sum` gives the hex.
import { createHash, randomBytes } from 'node:crypto';

const [name, role = 'moderator'] = process.argv.slice(2);
if (!name || !['moderator', 'admin', 'automation'].includes(role)) {
  process.stderr.write('usage: npm run staff:key -- <name> [moderator|admin|automation]\n');
  process.exit(2);
}
const key = randomBytes(32).toString('base64url');
const keyHash = `sha256:${createHash('sha256').update(key).digest('hex')}`;
process.stdout.write(`key (give it to ${name}, shown only now): ${key}\n`);
process.stdout.write(`config entry for "staff": ${JSON.stringify({ name, role, keyHash })}\n`);
// Where it goes: the newcomer's next question.
process.stdout.write(
  'Add that entry to the "staff" list of your config file (the JSON file RADIO_CONFIG names, e.g. RADIO_CONFIG=station.json npm start), then restart the hub; ' +
    `${name} signs in at /console with the key.\n`,
);

import { ERROR_CATALOG, type ErrorCode, type ErrorReason } from '../errors.js';
import type { ServerStrings } from './server-strings.js';

// The server's words in English: the catalog every other language copies key for key (a missing
// key is a type error in es.ts, and test/api/server-languages.test.ts checks them at run time).

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const en = {
  language: 'en',
  anonymous: 'Anonymous',
  wait: (seconds: number) => {
    const s = Math.max(1, Math.ceil(seconds));
    return s >= 90 ? plural(Math.ceil(s / 60), 'minute', 'minutes') : plural(s, 'second', 'seconds');
  },
  bodyAtMost: (bytes: number) => `The body may be at most ${bytes} bytes.`,
  budgetSpent: (budget: string, wait: string) => `This client has used up its "${budget}" budget; try again in ${wait}.`,
  programmeChanged: (editor: string, revision: number) => `${editor} saved the programme (revision ${revision}) after you read it; reload it and make your change again.`,
  // The error catalog's own messages are the English ones: one home for them.
  codes: Object.fromEntries(Object.entries(ERROR_CATALOG).map(([code, entry]) => [code, entry.message])) as Record<ErrorCode, string>,
  reasons: {
    // Budgets and the request delay belong to an address (IPv4, or IPv6 /64), shared by everyone
    // behind it: the words never accuse the one who asks of what a neighbour did.
    hourly_budget: (wait) => `This hour's requests from your network (everyone on your address) are used up; try again in ${wait}.`,
    request_delay: (wait) => `A song was just requested from your network (you or someone on your address); you can request another in ${wait}.`,
    chat_budget: (wait) => `You are sending messages too fast; try again in ${wait}.`,
    live_connections: (wait) => `Too many live connections from this client; try again in ${wait}.`,
    stream_opens: (wait) => `This client opens live streams too often; try again in ${wait}.`,
    admin_keys: (wait) => `Too many wrong admin keys from this client: try again in ${wait} (the right key too, until then).`,
    payment_webhook: (wait) => `Too many payment webhook requests from this address; try again in ${wait}.`,
    staff_actions: (wait) => `You have made too many changes in a short time; try again in ${wait}.`,
    report_budget: (wait) => `Too many reports asked for from this client; try again in ${wait}.`,
    artwork_budget: (wait) => `This client has fetched too many artwork images; try again in ${wait}.`,
    nowplaying_push: (wait) => `Too many now-playing pushes from this address; try again in ${wait}.`,
    budget: (wait) => `This client has used up one of its budgets; try again in ${wait}.`,
    link: () => 'Links are not allowed in this chat.',
    language: () => 'Your message contains language not allowed in this chat.',
    repeat: () => 'You just sent that message.',
    ban: () => 'You cannot post in this chat right now.',
    reserved_nickname: () => 'This nickname is reserved for the station (or looks like one that is); please choose another.',
    nickname: () => 'Please choose another nickname.',
    recently_played: (wait) => `That song was played recently; it can be requested again in ${wait}.`,
  } satisfies Record<ErrorReason, (wait: string) => string>,
  validation: {
    required: 'is required',
    unknownField: 'is not a known setting',
    wholeNumber: 'must be a whole number written in plain decimal digits, within its range',
    text: 'must be text',
    number: 'must be a number',
    boolean: 'must be true or false',
    list: 'must be a list',
    object: 'must be an object',
    atLeastCharacters: (n: number) => `must be at least ${plural(n, 'character', 'characters')} long`,
    atMostCharacters: (n: number) => `must be at most ${plural(n, 'character', 'characters')} long`,
    atLeast: (n: number) => `must be ${n} or more`,
    atMost: (n: number) => `must be ${n} or less`,
    moreThan: (n: number) => `must be more than ${n}`,
    lessThan: (n: number) => `must be less than ${n}`,
    oneOf: (values: string) => `must be one of: ${values}`,
    atLeastItems: (n: number) => `must have at least ${plural(n, 'item', 'items')}`,
    atMostItems: (n: number) => `must have at most ${plural(n, 'item', 'items')}`,
    atMostKeys: (n: number) => `must have at most ${plural(n, 'key', 'keys')}`,
    dateTime: 'must be a date and time in ISO-8601, such as 2026-06-01T12:00:00Z',
    date: 'must be a date such as 2026-06-01',
    url: 'must be a URL such as https://example.org',
    email: 'must be an email address',
    invalid: 'is invalid',
    pattern: (english: string) => english,
    since: 'must be Unix seconds, Unix milliseconds or an ISO-8601 time',
    chatId: 'must be a message id such as 1767225600000-0',
    transferEncoding: 'must be chunked, given once, or absent',
    contentLength: 'must be given once, or agree',
    formBody: 'must be UTF-8 form fields (application/x-www-form-urlencoded)',
  },
} satisfies ServerStrings;

/** The shape every language's catalog has: English's, key for key. */
export type ServerCatalog = typeof en;
export default en;

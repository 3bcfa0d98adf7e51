// What the server says in words, per language (en.ts, es.ts, … beside each other here, as the
// pages' words are in web/src/i18n/). The shape is declared without the error catalog's keys so
// errors.ts can name it without a cycle; each language file checks its keys against the catalog.

/** Every sentence the server writes into an answer, in one language. */
export interface ServerStrings {
  /** The BCP 47 primary tag, e.g. "es". */
  readonly language: string;
  /** The requester of a song who gave no name. */
  readonly anonymous: string;
  /** "40 seconds", "3 minutes". */
  wait(seconds: number): string;
  /** A 413's message: the body limit in bytes. */
  bodyAtMost(bytes: number): string;
  /** A 429 of a budget declared in the config (reason `budget`): its name, and how long until it may be tried again. */
  budgetSpent(budget: string, wait: string): string;
  /** A 412 on a programme edit: who saved the newer revision the edit did not start from. */
  programmeChanged(editor: string, revision: number): string;
  /** The message of each error code (errors.ts ERROR_CATALOG). */
  readonly codes: Readonly<Record<string, string>>;
  /** The message of each refusal reason (errors.ts ERROR_REASONS); `wait` is how long until it may be tried again. */
  readonly reasons: Readonly<Record<string, (wait: string) => string>>;
  readonly validation: ValidationStrings;
}

/** A broken rule in plain words; the field is named beside it (`details[].field`). */
export interface ValidationStrings {
  required: string;
  unknownField: string;
  wholeNumber: string;
  text: string;
  number: string;
  boolean: string;
  list: string;
  object: string;
  atLeastCharacters(n: number): string;
  atMostCharacters(n: number): string;
  atLeast(n: number): string;
  atMost(n: number): string;
  moreThan(n: number): string;
  lessThan(n: number): string;
  oneOf(values: string): string;
  atLeastItems(n: number): string;
  atMostItems(n: number): string;
  atMostKeys(n: number): string;
  dateTime: string;
  date: string;
  url: string;
  email: string;
  invalid: string;
  /** A rule's own message (text-rules.ts `x-pattern-message`, written in English) in this language; the English when not translated. */
  pattern(english: string): string;
  /** The Since, after and other field-specific messages written in English by the domain. */
  since: string;
  chatId: string;
  transferEncoding: string;
  contentLength: string;
  /** A form body that is not UTF-8. */
  formBody: string;
}

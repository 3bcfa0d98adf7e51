/**
 * A value written without quotes: a JSON number, or the bare text a stream server's template
 * printed where a string belonged (Icecast 2.4.4 writes `"title":-`, proxies `"bitrate": 128 kbps`).
 * The text is kept exactly as written, so a title printed as `007` or `1.50` stays "007" and "1.50",
 * and the reader decides per field whether it wants a number or text.
 */
export class BareValue {
  constructor(readonly text: string) {}
}

export type LenientValue = string | boolean | null | BareValue | LenientValue[] | LenientObject;
export interface LenientObject {
  [key: string]: LenientValue;
}

// Deep enough for any status document; shallow enough that a hostile `[[[[…` cannot exhaust the stack.
const MAX_DEPTH = 64;
const NOT_BARE = new Set([',', '}', ']', '\n', '\r']);

/**
 * Reads JSON the way a stream server's status page needs it: valid JSON, formatted or not, reads
 * exactly as JSON.parse would (numbers aside, kept as BareValue); a value position holding bare
 * text reads as that text. Nothing else is forgiven: a missing brace, a key without a colon or an
 * unterminated string makes the document unreadable (undefined), because guessing the structure
 * would invent data. Never throws.
 */
export function parseLenientJson(text: string): LenientValue | undefined {
  const parser = new Parser(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  try {
    const value = parser.value(0);
    parser.skipSpace();
    if (!parser.atEnd()) return undefined;
    // Bare text is forgiven as a value inside a document, not as the whole of one (an HTML page).
    if (value instanceof BareValue && !/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value.text)) return undefined;
    return value;
  } catch (error) {
    if (error instanceof Unreadable) return undefined;
    throw error;
  }
}

class Unreadable extends Error {}

class Parser {
  private at = 0;

  constructor(private readonly text: string) {}

  atEnd(): boolean {
    return this.at >= this.text.length;
  }

  skipSpace(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at]!)) this.at++;
  }

  value(depth: number): LenientValue {
    if (depth > MAX_DEPTH) throw new Unreadable();
    this.skipSpace();
    const c = this.text[this.at];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"') return this.string();
    return this.bare();
  }

  private object(depth: number): LenientObject {
    this.at++; // {
    // No prototype: a key named "__proto__" is just a key, as with JSON.parse.
    const result = Object.create(null) as LenientObject;
    for (;;) {
      this.skipSpace();
      if (this.text[this.at] === '}') {
        this.at++;
        return result;
      }
      if (this.text[this.at] !== '"') throw new Unreadable();
      const key = this.string();
      this.skipSpace();
      if (this.text[this.at] !== ':') throw new Unreadable();
      this.at++;
      result[key] = this.value(depth + 1);
      this.skipSpace();
      const next = this.text[this.at++];
      if (next === '}') return result;
      if (next !== ',') throw new Unreadable();
    }
  }

  private array(depth: number): LenientValue[] {
    this.at++; // [
    const result: LenientValue[] = [];
    for (;;) {
      this.skipSpace();
      if (this.text[this.at] === ']') {
        this.at++;
        return result;
      }
      result.push(this.value(depth + 1));
      this.skipSpace();
      const next = this.text[this.at++];
      if (next === ']') return result;
      if (next !== ',') throw new Unreadable();
    }
  }

  private string(): string {
    this.at++; // opening quote
    let result = '';
    let from = this.at;
    for (;;) {
      if (this.at >= this.text.length) throw new Unreadable();
      const c = this.text[this.at]!;
      if (c === '"') {
        result += this.text.slice(from, this.at++);
        return result;
      }
      if (c !== '\\') {
        this.at++;
        continue;
      }
      result += this.text.slice(from, this.at);
      const escaped = this.text[this.at + 1];
      this.at += 2;
      switch (escaped) {
        case 'b':
          result += '\b';
          break;
        case 'f':
          result += '\f';
          break;
        case 'n':
          result += '\n';
          break;
        case 'r':
          result += '\r';
          break;
        case 't':
          result += '\t';
          break;
        case 'u': {
          const hex = this.text.slice(this.at, this.at + 4);
          if (/^[0-9a-fA-F]{4}$/.test(hex)) {
            result += String.fromCharCode(parseInt(hex, 16));
            this.at += 4;
          } else result += 'u';
          break;
        }
        case undefined:
          throw new Unreadable();
        default:
          // `\"`, `\\`, `\/`, and any escape JSON does not define: the character itself.
          result += escaped;
      }
      from = this.at;
    }
  }

  private bare(): LenientValue {
    const from = this.at;
    while (this.at < this.text.length && !NOT_BARE.has(this.text[this.at]!)) this.at++;
    const raw = this.text.slice(from, this.at).trim();
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    if (raw === 'null') return null;
    // A stray quote or brace in bare text means the structure itself is broken, not a value.
    if (/["{[]/.test(raw)) throw new Unreadable();
    return new BareValue(raw);
  }
}

const isObject = (value: LenientValue | undefined): value is LenientObject => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof BareValue);

/** The object at `value`, or undefined when it is anything else. */
export const objectOf = (value: LenientValue | undefined): LenientObject | undefined => (isObject(value) ? value : undefined);

/** Text of a scalar as the server wrote it; '' for null, missing, objects and arrays. */
export function textOf(value: LenientValue | undefined): string {
  if (typeof value === 'string') return value;
  if (value instanceof BareValue) return value.text;
  if (typeof value === 'boolean') return String(value);
  return '';
}

/** A whole count (listeners): only text that is entirely a number counts. */
export function countOf(value: LenientValue | undefined): number | null {
  const text = textOf(value).trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  return Math.trunc(Number(text));
}

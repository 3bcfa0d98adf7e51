import { DataSet, englishDataset, englishRecommendedTransformers, parseRawPattern, RegExpMatcher } from 'obscenity';

export interface ContentRules {
  links: 'block' | 'allow';
  blockedWords: readonly string[];
  allowedWords: readonly string[];
}

// Scheme links, www. hosts and bare domains with a common top-level domain ("promo.xyz/free").
const LINK = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]{2,}\.(?:com|net|org|info|biz|io|co|me|ly|xyz|app|gg|tv|ru|cn|site|online|shop|link|click)\b/i;

const STANDALONE_NUMBER = /(?<![\p{L}\d])[\d.,:/-]*\d(?![\p{L}\d])/gu;

/**
 * Names and Bible words obscenity's English list would catch but a Christian station meets every
 * day: each is exempt only as this whole phrase, so "Moby Dick" passes and "you dick" does not,
 * and the donkey of Numbers 22 passes while "kiss my ass" does not. The station adds its own with
 * `chat.allowedWords`.
 */
export const BUILT_IN_ALLOWED_PHRASES: readonly string[] = [
  'moby dick',
  'dick clark',
  'philip k. dick',
  'dick van dyke',
  'says ass',
  'ass in numbers',
  "balaam's ass",
  'balaams ass',
  'an ass spoke',
  'the ass spoke',
  'the ass saw',
  'the ass said',
  'jawbone of an ass',
  'colt the foal of an ass',
  'foal of an ass',
  'wild ass',
];

// obscenity's pattern syntax gives meaning to [ ] ? | and \ ; a configured word is literal text.
const literal = (word: string) => parseRawPattern(word.toLowerCase().replace(/[[\]?|\\]/g, '\\$&'));

/**
 * Decides whether chat text is fit for a family station. obscenity's English list with its
 * recommended transformers catches look-alikes ("sh1t"), stretched spellings ("shiiit") and
 * spacing tricks; the station adds its own blocked words and exempts its allowed ones.
 */
export class ContentFilter {
  private readonly matcher: RegExpMatcher;

  constructor(private readonly rules: ContentRules) {
    const dataset = new DataSet<{ originalWord: string }>().addAll(englishDataset);
    for (const word of rules.blockedWords) dataset.addPhrase((phrase) => phrase.setMetadata({ originalWord: word }).addPattern(literal(word)));
    const built = dataset.build();
    this.matcher = new RegExpMatcher({
      ...built,
      ...englishRecommendedTransformers,
      whitelistedTerms: [...(built.whitelistedTerms ?? []), ...BUILT_IN_ALLOWED_PHRASES, ...rules.allowedWords.map((w) => w.toLowerCase())],
    });
  }

  private readonly nicknameVerdicts = new Map<string, boolean>();

  /**
   * Whether a nickname passes. Matching is the costliest step of a chat post (bench: ~20 % of its
   * CPU) and listeners keep their nickname, so verdicts are remembered (bounded).
   */
  nicknameAllowed(nickname: string): boolean {
    let allowed = this.nicknameVerdicts.get(nickname);
    if (allowed === undefined) {
      allowed = this.refusalReason(nickname) === null;
      if (this.nicknameVerdicts.size >= 10_000) this.nicknameVerdicts.clear();
      this.nicknameVerdicts.set(nickname, allowed);
    }
    return allowed;
  }

  /** Why `text` is refused (the refusal's reason), or null when it is fine. */
  refusalReason(text: string): 'language' | 'link' | null {
    // The leetspeak transformer reads digits as letters, which makes plain numbers words
    // ("455" → "ass"): numbers standing alone are not matched. Digits inside words still are ("sh1t").
    if (this.matcher.hasMatch(text.replace(STANDALONE_NUMBER, ' '))) return 'language';
    if (this.rules.links === 'block' && LINK.test(text)) return 'link';
    return null;
  }
}

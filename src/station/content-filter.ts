import { DataSet, englishDataset, englishRecommendedTransformers, parseRawPattern, RegExpMatcher } from 'obscenity';

export interface ContentRules {
  links: 'block' | 'allow';
  blockedWords: readonly string[];
  allowedWords: readonly string[];
}

// Scheme links, www. hosts and bare domains with a common top-level domain ("promo.xyz/free").
const LINK = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]{2,}\.(?:com|net|org|info|biz|io|co|me|ly|xyz|app|gg|tv|ru|cn|site|online|shop|link|click)\b/i;

const STANDALONE_NUMBER = /(?<![\p{L}\d])[\d.,:/-]*\d(?![\p{L}\d])/gu;

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
      whitelistedTerms: [...(built.whitelistedTerms ?? []), ...rules.allowedWords.map((w) => w.toLowerCase())],
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

import unhomoglyph from 'unhomoglyph';

// Look-alike names: "аdmin" (Cyrillic а), "ＡＤＭＩＮ" (fullwidth) and "AdMin" must all be
// "admin" to a ban, to the reserved list, or to the staff list (nicknames and staff names alike). The confusable data is Unicode's own (confusables.txt,
// UTS #39), as shipped and kept up to date by the unhomoglyph package; we never keep a table here.

const COMBINING_MARKS = /\p{M}/gu;
/** Separators a nickname may use or a host's name contains: "Sarah Miller" = "sarah_miller" = "SarahMiller". */
const SEPARATORS = /[\s_\-.·]/gu;
const ASCII = /^[\x00-\x7f]*$/;
/** Mapping can give capitals ("0" → "O") and capitals can map further: a few rounds reach the fixed point. */
const MAX_ROUNDS = 4;

/**
 * One character, case-insensitively. Unicode's table is case-sensitive: Latin "I" maps to "l"
 * (so "ADMIN" would not be "admin"), while Cyrillic "Т" maps to Latin "T" but its small "т" to
 * small-capital "ᴛ". So a character is lower-cased first when that lands on ASCII, else mapped as
 * written and lower-cased after when that lands on ASCII, else lower-cased and mapped.
 */
function foldCharacter(character: string): string {
  const lowerFirst = unhomoglyph(character.toLowerCase());
  if (ASCII.test(lowerFirst)) return lowerFirst;
  const mapFirst = unhomoglyph(unhomoglyph(character).toLowerCase());
  return ASCII.test(mapFirst) ? mapFirst : lowerFirst;
}

/**
 * The UTS #39 skeleton of a name, case-insensitive: NFKC first (fullwidth and other
 * compatibility forms become plain letters), then the confusable mapping of each character of the
 * NFD text, repeated until it stops changing. Accents and separators are dropped on top of UTS #39,
 * so "Jösé" and "J-o-s-e" are the same name as "Jose": for bans and reserved names, a name that
 * looks the same to a reader is the same name.
 */
export function lookAlikeSkeleton(name: string): string {
  let skeleton = name.normalize('NFKC');
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const next = Array.from(skeleton.normalize('NFD'), foldCharacter).join('').normalize('NFD');
    if (next === skeleton) break;
    skeleton = next;
  }
  return skeleton.replace(COMBINING_MARKS, '').replace(SEPARATORS, '');
}

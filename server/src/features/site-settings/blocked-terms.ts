import type { TBlockedTerm } from '@kaleido/common';
import { RE2JS } from 're2js';

/**
 * Blocked terms as one matcher. Every term runs on RE2 (re2js, pure JavaScript): matching is linear
 * in the prompt's length whatever the pattern, so no administrator's pattern can hang the server
 * (no backtracking; look-arounds and back-references are refused when saved). Both sides are
 * NFKC-normalised first, so full-width letters and ligatures match their plain forms, and matching is
 * case-insensitive.
 */

/** Scripts written without spaces between words: a term in them is matched anywhere. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}]/u;
/** A `word` term must not touch a letter or digit on a side where it starts or ends with one. */
const IS_WORD_CHAR = /[\p{L}\p{N}_]/u;

export class InvalidPatternError extends Error {
  constructor(readonly term: string) {
    super(`invalid blocked-term pattern: ${term}`);
  }
}

/** The RE2 source of a term: a regular expression as written, a word with word boundaries. */
function sourceOf(term: TBlockedTerm): string {
  const text = term.term.normalize('NFKC');
  if (term.kind === 'regex') return text;
  // Inner whitespace matches any run of whitespace ("bad  word" and "bad\nword" alike).
  const body = text
    .trim()
    .split(/\s+/u)
    .map((part) => RE2JS.quote(part))
    .join('\\s+');
  const first = text.trim().at(0) ?? '';
  const last = text.trim().at(-1) ?? '';
  const before = IS_WORD_CHAR.test(first) && !UNSPACED.test(first) ? `(?:^|[^\\p{L}\\p{N}_])` : '';
  const after = IS_WORD_CHAR.test(last) && !UNSPACED.test(last) ? `(?:$|[^\\p{L}\\p{N}_])` : '';
  return `${before}(?:${body})${after}`;
}

function compile(term: TBlockedTerm): RE2JS {
  try {
    return RE2JS.compile(sourceOf(term), RE2JS.CASE_INSENSITIVE);
  } catch {
    throw new InvalidPatternError(term.term);
  }
}

/** Throws `InvalidPatternError` naming the first term RE2 cannot compile. */
export function validateBlockedTerms(terms: readonly TBlockedTerm[]): void {
  for (const term of terms) compile(term);
}

export interface BlockedTermsMatcher {
  /** Whether any of the texts contains a blocked term. */
  blocks(...texts: (string | null | undefined)[]): boolean;
}

/** A word or phrase of letters and digits in spaced scripts: matched on the text's words, no regex. */
const PLAIN_PHRASE = /^[\p{L}\p{N}_]+(?:\s+[\p{L}\p{N}_]+)*$/u;
const NON_WORD = /[^\p{L}\p{N}_]+/u;

/** The text's words, lower-cased, between single spaces (" a red door "), for phrase lookups. */
const wordsOf = (text: string) =>
  ` ${text.normalize('NFKC').toLowerCase().split(NON_WORD).filter(Boolean).join(' ')} `;

/**
 * Compiles the list once (per settings version). Plain words and phrases (the common case) are looked
 * up among the prompt's words, so a thousand of them cost one pass; patterns, and words with
 * punctuation or in scripts written without spaces, run on RE2. Terms that no longer compile are
 * skipped.
 */
export function createBlockedTermsMatcher(terms: readonly TBlockedTerm[]): BlockedTermsMatcher {
  const words = new Set<string>();
  const phrases: string[] = [];
  const patterns: RE2JS[] = [];
  for (const term of terms) {
    const text = term.term.normalize('NFKC').trim();
    if (term.kind === 'word' && PLAIN_PHRASE.test(text) && !UNSPACED.test(text)) {
      const phrase = text.toLowerCase().split(/\s+/u).join(' ');
      if (phrase.includes(' ')) phrases.push(` ${phrase} `);
      else words.add(phrase);
      continue;
    }
    try {
      patterns.push(compile(term));
    } catch {
      // Saved terms were validated; a pattern a later RE2 version refuses must not stop every submit.
    }
  }
  const empty = words.size === 0 && phrases.length === 0 && patterns.length === 0;
  return {
    blocks(...texts) {
      if (empty) return false;
      for (const text of texts) {
        if (!text) continue;
        if (words.size || phrases.length) {
          const joined = wordsOf(text);
          if (
            words.size &&
            joined
              .trim()
              .split(' ')
              .some((word) => words.has(word))
          )
            return true;
          if (phrases.some((phrase) => joined.includes(phrase))) return true;
        }
        if (patterns.length) {
          const normalized = text.normalize('NFKC');
          if (patterns.some((pattern) => pattern.matcher(normalized).find())) return true;
        }
      }
      return false;
    },
  };
}

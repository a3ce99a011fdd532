import { describe, expect, it } from 'vitest';
import { createBlockedTermsMatcher, InvalidPatternError, validateBlockedTerms } from './blocked-terms.js';

describe('blocked terms', () => {
  it('matches a word case-insensitively, as a whole word only', () => {
    const matcher = createBlockedTermsMatcher([{ term: 'Gore', kind: 'word' }]);
    expect(matcher.blocks('a scene full of GORE.')).toBe(true);
    expect(matcher.blocks('gore')).toBe(true);
    expect(matcher.blocks('Al Gore’s portrait')).toBe(true);
    expect(matcher.blocks('gorey details')).toBe(false);
    expect(matcher.blocks('a gorgeous sunset')).toBe(false);
    expect(matcher.blocks('goré')).toBe(false);
  });

  it('matches a phrase across any whitespace and full-width letters through NFKC', () => {
    const matcher = createBlockedTermsMatcher([{ term: 'bad word', kind: 'word' }]);
    expect(matcher.blocks('a BAD\n  word here')).toBe(true);
    expect(matcher.blocks('ｂａｄ ｗｏｒｄ')).toBe(true);
    expect(matcher.blocks('badword')).toBe(false);
  });

  it('matches terms of unspaced scripts anywhere in the text', () => {
    const matcher = createBlockedTermsMatcher([{ term: '暴力', kind: 'word' }]);
    expect(matcher.blocks('一个充满暴力的场景')).toBe(true);
    expect(matcher.blocks('和平的场景')).toBe(false);
  });

  it('matches regular expressions case-insensitively, in the prompt or the negative prompt', () => {
    const matcher = createBlockedTermsMatcher([{ term: 'n[a4]ked\\s*(man|woman)', kind: 'regex' }]);
    expect(matcher.blocks('a cat', 'N4KED woman')).toBe(true);
    expect(matcher.blocks('a naked tree', null)).toBe(false);
  });

  it('refuses patterns RE2 cannot run, naming them', () => {
    expect(() => validateBlockedTerms([{ term: '(a', kind: 'regex' }])).toThrow(InvalidPatternError);
    expect(() => validateBlockedTerms([{ term: '(?=a)b', kind: 'regex' }])).toThrow(/\(\?=a\)b/);
    expect(() => validateBlockedTerms([{ term: '(a+)+$', kind: 'regex' }])).not.toThrow();
  });

  it('answers in linear time for a pattern that makes backtracking engines explode', () => {
    const matcher = createBlockedTermsMatcher([{ term: '^(a+)+$', kind: 'regex' }]);
    const started = performance.now();
    expect(matcher.blocks(`${'a'.repeat(5000)}!`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('matches words with punctuation as whole words too, and many plain words in one pass', () => {
    const matcher = createBlockedTermsMatcher([
      { term: 'f*ck', kind: 'word' },
      ...Array.from({ length: 1000 }, (_, index) => ({ term: `word${index}`, kind: 'word' as const })),
    ]);
    expect(matcher.blocks('what the F*CK')).toBe(true);
    expect(matcher.blocks('af*ckb')).toBe(false);
    expect(matcher.blocks('a WORD999 here')).toBe(true);
    expect(matcher.blocks('word1000 is not listed')).toBe(false);
  });

  it('blocks nothing without terms', () => {
    expect(createBlockedTermsMatcher([]).blocks('anything at all')).toBe(false);
  });
});

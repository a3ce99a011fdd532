/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { classMerge } from './class-merge';
import { cn } from './cn';

const SRC = join(import.meta.dirname, '..');

/** Every class-like word in a string literal of web/src (the classes the app can pass to `cn`). */
function classesInSources(): string[] {
  const words = new Set<string>();
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      if (statSync(file).isDirectory()) visit(file);
      else if (/\.tsx?$/.test(name) && !name.includes('.test.')) {
        const source = readFileSync(file, 'utf8');
        for (const literal of source.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
          for (const word of (literal[2] ?? '').split(/\s+/)) {
            if (/^[!a-z0-9\-[\]:/.()_%#=&>*@,'+]+$/i.test(word) && /[a-z]/i.test(word)) words.add(word);
          }
        }
      }
    }
  };
  visit(SRC);
  return [...words].sort();
}

describe('classMerge', () => {
  const words = classesInSources();
  // The classes tailwind-merge knows (a known class merges with itself into one).
  const known = words.filter((word) => twMerge(`${word} ${word}`) === word);

  it('finds the app’s classes', () => {
    expect(known.length).toBeGreaterThan(500);
    expect(known).toEqual(expect.arrayContaining(['px-4', 'text-sm', 'bg-surface-2', 'hover:bg-surface-2']));
  });

  it('knows the same classes as tailwind-merge', () => {
    const differ = words.filter((word) => classMerge(`${word} ${word}`) !== twMerge(`${word} ${word}`));
    expect(differ).toEqual([]);
  });

  it('merges every pair of the app’s classes as tailwind-merge does', () => {
    const differ: string[] = [];
    for (const first of known) {
      for (const second of known) {
        const list = `${first} ${second}`;
        if (classMerge(list) !== twMerge(list)) differ.push(list);
      }
    }
    expect(differ.slice(0, 20)).toEqual([]);
  }, 60_000);

  it('lets later classes win, whole groups over their parts, per variant', () => {
    expect(cn('px-2 py-1', 'p-4')).toBe('p-4');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('text-sm leading-5 text-fg', 'text-lg text-danger')).toBe('text-lg text-danger');
    expect(cn('leading-5', 'text-sm')).toBe('text-sm');
    expect(cn('hover:bg-surface sm:px-2', 'hover:bg-surface-2 px-3')).toBe('sm:px-2 hover:bg-surface-2 px-3');
    expect(cn('rounded-t-md', 'rounded-xl', false, undefined, { 'w-full': true, hidden: false })).toBe(
      'rounded-xl w-full',
    );
    expect(cn('shadow-sm shadow-card', 'shadow-lg')).toBe('shadow-card shadow-lg');
    expect(cn('[overflow-wrap:anywhere]', '[overflow-wrap:normal]')).toBe('[overflow-wrap:normal]');
    expect(cn('text-[13px] text-[#fff]', 'text-[15px]')).toBe('text-[#fff] text-[15px]');
  });
});

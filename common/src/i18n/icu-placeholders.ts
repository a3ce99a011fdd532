import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';

/**
 * The names a message needs values for: its arguments (`{name}`, `{count, plural, …}`, `{type, select, …}`,
 * `{n, number}`, dates and times), also inside plural and select options, and its rich-text tags as
 * `<name>`. Sorted, each once. Throws when the message is not valid ICU MessageFormat.
 *
 * For the catalogs' parity tests only (it bundles the ICU parser): not exported from the entry points.
 */
export function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: readonly MessageFormatElement[]) => {
    for (const element of elements) {
      switch (element.type) {
        case TYPE.argument:
        case TYPE.number:
        case TYPE.date:
        case TYPE.time:
          names.add(element.value);
          break;
        case TYPE.select:
        case TYPE.plural:
          names.add(element.value);
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.tag:
          names.add(`<${element.value}>`);
          walk(element.children);
          break;
        default:
          break;
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

/** Three words in a row: a sentence, which must not stay English in another language. */
const SENTENCE = /\p{L}{2,}\s+\p{L}{2,}\s+\p{L}{2,}/u;

/**
 * What is wrong with a translated catalog against its English source, one line a problem: a key
 * missing or extra, an empty message, a message that does not parse or whose placeholders differ from
 * English, or a sentence left in English. The parity tests of every catalog expect none.
 */
export function catalogProblems(
  english: Readonly<Record<string, string>>,
  translated: Readonly<Record<string, string>>,
  locale: string,
): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english))
    if (!Object.hasOwn(translated, key)) problems.push(`${locale} ${key}: missing`);
  for (const [key, message] of Object.entries(translated)) {
    const source = english[key];
    if (source === undefined) {
      problems.push(`${locale} ${key}: not in English`);
      continue;
    }
    if (!message.trim()) problems.push(`${locale} ${key}: empty`);
    try {
      const found = placeholdersOf(message).join(',');
      const expected = placeholdersOf(source).join(',');
      if (found !== expected)
        problems.push(`${locale} ${key}: placeholders {${found}}, English has {${expected}}`);
    } catch (error) {
      problems.push(`${locale} ${key}: not valid ICU (${String(error)})`);
    }
    if (locale !== 'en' && message === source && SENTENCE.test(source))
      problems.push(`${locale} ${key}: still English`);
  }
  return problems;
}

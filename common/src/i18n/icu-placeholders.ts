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

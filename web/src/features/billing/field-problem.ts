import type { MessageId } from '../../i18n/catalogs/en';
import type { MessageValues, Translate } from '../../i18n/use-t';

/**
 * What is wrong with one form field: a catalog message, kept as an id and translated when shown (so a
 * switch of language while the form is open reads right), or the server's own words (already in the
 * person's language).
 */
export type FieldProblem = { id: MessageId; values?: MessageValues } | { text: string };

export function fieldProblemText(t: Translate, problem: FieldProblem): string {
  return 'id' in problem ? t(problem.id, problem.values) : problem.text;
}

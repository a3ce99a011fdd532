import type { TApiMessageId } from '@kaleido/common';
import { englishOf as render } from '../src/platform/i18n/api-messages.js';

/** The English text of a shared catalog message, as an English-speaking caller is answered. */
export function englishOf(id: TApiMessageId, values?: Record<string, string | number>): string {
  return render(values ? { id, values } : id);
}

import english from '../../i18n/messages/en/apiDocs.json';
import type { Translate } from '../../i18n/use-t';

/**
 * The prose of the server's OpenAPI document (summaries and descriptions of operations, parameters,
 * responses and fields) is English, as API clients expect. The page shows it in the interface's language
 * through the catalog entries `apiDocs.openapi.*`, whose English is exactly the document's text: a text is
 * looked up by its English wording, so a text the server has changed (or a document of another server)
 * shows as the server wrote it rather than with a translation of something else. A test keeps every text of
 * the committed document (server/openapi.json) in the catalog.
 */
const PREFIX = 'apiDocs.openapi.';

type ApiDocsId = keyof typeof english;

const ID_BY_TEXT = new Map<string, ApiDocsId>(
  (Object.keys(english) as ApiDocsId[]).filter((id) => id.startsWith(PREFIX)).map((id) => [english[id], id]),
);

/** The catalog id of an English text of the OpenAPI document, if the catalogs translate it. */
export function openApiTextId(text: string): ApiDocsId | undefined {
  return ID_BY_TEXT.get(text.trim());
}

/** A text of the OpenAPI document in the interface's language (as written when no translation exists). */
export function openApiText(t: Translate, text: string): string {
  const id = openApiTextId(text);
  return id ? t(id) : text;
}

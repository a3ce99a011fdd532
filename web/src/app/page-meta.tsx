import { PRODUCT_NAME } from '@kaleido/common/browser';
import { useLocation } from 'react-router';
import type { MessageId } from '../i18n/catalogs/en';
import { type MessageValues, useT } from '../i18n/use-t';

/** Appends " · Kaleido" unless the title already names the product. */
export function formatPageTitle(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) return PRODUCT_NAME;
  return trimmed.includes(PRODUCT_NAME) ? trimmed : `${trimmed} · ${PRODUCT_NAME}`;
}

interface ArticleMeta {
  publishedTime?: string;
  modifiedTime?: string;
  author?: string;
  section?: string;
  tags?: readonly string[];
}

export interface PageMetaProps {
  /** The page title, already in the person's language (wins over `titleId`). */
  title?: string;
  /** The catalog id of the title, for metadata kept as data (PAGE_METADATA). */
  titleId?: MessageId;
  description?: string;
  /** The catalog id of the description; `descriptionValues` fills its placeholders. */
  descriptionId?: MessageId;
  descriptionValues?: MessageValues;
  keywords?: readonly string[];
  /** The catalog id of a comma-separated keyword list (each language has its own search terms). */
  keywordsId?: MessageId;
  /** Canonical path; the current path by default. */
  path?: string;
  type?: 'website' | 'article';
  /** Absolute or root-relative URL of a sharing image. */
  image?: string;
  /** Keeps the page out of search results (404, account pages). */
  noIndex?: boolean;
  article?: ArticleMeta;
}

function absoluteUrl(pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, window.location.origin).toString();
  } catch {
    return pathOrUrl;
  }
}

/**
 * Page metadata through React 19's native hoisting: <title>, <meta> and <link> rendered here end up in
 * <head> and leave with the page. Title, description, keywords, canonical link, Open Graph and Twitter
 * tags, and optional article tags.
 */
export function PageMeta({
  title,
  titleId,
  description: descriptionText,
  descriptionId,
  descriptionValues,
  keywords: keywordList,
  keywordsId,
  path,
  type = 'website',
  image,
  noIndex,
  article,
}: PageMetaProps) {
  const t = useT();
  const location = useLocation();
  const fullTitle = formatPageTitle(title ?? (titleId ? t(titleId) : ''));
  const description = descriptionText ?? (descriptionId ? t(descriptionId, descriptionValues) : undefined);
  const keywords = keywordList?.join(', ') ?? (keywordsId ? t(keywordsId) : undefined);
  const url = absoluteUrl(path ?? location.pathname);
  const imageUrl = image ? absoluteUrl(image) : undefined;
  return (
    <>
      <title>{fullTitle}</title>
      {description ? <meta name="description" content={description} /> : null}
      {keywords ? <meta name="keywords" content={keywords} /> : null}
      {noIndex ? <meta name="robots" content="noindex" /> : null}
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={PRODUCT_NAME} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      {description ? <meta property="og:description" content={description} /> : null}
      <meta property="og:url" content={url} />
      {imageUrl ? <meta property="og:image" content={imageUrl} /> : null}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={fullTitle} />
      {description ? <meta name="twitter:description" content={description} /> : null}
      {imageUrl ? <meta name="twitter:image" content={imageUrl} /> : null}
      {article?.publishedTime ? (
        <meta property="article:published_time" content={article.publishedTime} />
      ) : null}
      {article?.modifiedTime ? (
        <meta property="article:modified_time" content={article.modifiedTime} />
      ) : null}
      {article?.author ? <meta property="article:author" content={article.author} /> : null}
      {article?.section ? <meta property="article:section" content={article.section} /> : null}
      {article?.tags?.map((tag) => (
        <meta key={tag} property="article:tag" content={tag} />
      ))}
    </>
  );
}

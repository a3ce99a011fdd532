import { en as shared } from '@kaleido/common/i18n/messages/en';

/**
 * The English catalog as its source text (the app's catalogs are precompiled to ICU ASTs when they
 * load, see web/scripts/precompiled-messages.ts), for tests that look up what a screen should say.
 */
const areas = import.meta.glob<Record<string, string>>('../i18n/messages/en/*.json', {
  eager: true,
  import: 'default',
});

export const ENGLISH: Readonly<Record<string, string>> = Object.assign(
  { ...shared },
  ...Object.values(areas),
);

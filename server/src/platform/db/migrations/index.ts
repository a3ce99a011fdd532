import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.js';
import { initial } from './0001-initial.js';
import { generations } from './0002-generations.js';
import { apiKeys } from './0003-api-keys.js';
import { billing } from './0004-billing.js';
import { push } from './0006-push.js';
import { savedWatermark } from './0007-saved-watermark.js';
import { mail } from './0008-mail.js';
import { sharingAnalytics } from './0009-sharing-analytics.js';
import { diagnostics } from './0010-diagnostics.js';
import { idempotency } from './0011-idempotency.js';
import { webhooks } from './0012-webhooks.js';
import { keyControls } from './0013-key-controls.js';
import { twoFactor } from './0014-two-factor.js';
import { creativeTools } from './0015-creative-tools.js';
import { peopleAudit } from './0016-people-audit.js';
import { moderationSiteSettings } from './0017-moderation-site-settings.js';
import { librarySearch } from './0018-library-search.js';
import { creativeTools2 } from './0019-creative-tools-2.js';
import { trainings } from './0020-trainings.js';
import { generationsByKey } from './0021-generations-by-key.js';
import { librarySearchTerms } from './0022-library-search-terms.js';
import { librarySearchNewestFirst } from './0023-library-search-newest-first.js';

/**
 * Every migration, in order, written once for both dialects. Names sort lexically; never rename or
 * edit one that has shipped: add a new one.
 */
export function allMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-initial': initial(dialect),
    '0002-generations': generations(dialect),
    '0003-api-keys': apiKeys(dialect),
    '0004-billing': billing(dialect),
    '0006-push': push(dialect),
    '0007-saved-watermark': savedWatermark(dialect),
    '0008-mail': mail(dialect),
    '0009-sharing-analytics': sharingAnalytics(dialect),
    '0010-diagnostics': diagnostics(dialect),
    '0011-idempotency': idempotency(dialect),
    '0012-webhooks': webhooks(dialect),
    '0013-key-controls': keyControls(dialect),
    '0014-two-factor': twoFactor(dialect),
    '0015-creative-tools': creativeTools(dialect),
    '0016-people-audit': peopleAudit(dialect),
    '0017-moderation-site-settings': moderationSiteSettings(dialect),
    '0018-library-search': librarySearch(dialect),
    '0019-creative-tools-2': creativeTools2(dialect),
    '0020-trainings': trainings(dialect),
    '0021-generations-by-key': generationsByKey(dialect),
    '0022-library-search-terms': librarySearchTerms(dialect),
    '0023-library-search-newest-first': librarySearchNewestFirst(dialect),
  };
}

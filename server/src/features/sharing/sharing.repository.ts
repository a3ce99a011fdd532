import type { TGenerationType } from '@kaleido/common';
import type { Dialect } from '../../platform/db/dialect.js';
import { jsonTextField } from '../../platform/db/dialect.js';
import type { Executor } from '../../platform/db/executor.js';
import { type Viewer, visibleProfileKinds } from './visibility.js';

export interface SharedPageQuery {
  viewer: Viewer;
  /** One person's shared creations (a profile page); all visible ones when absent (the gallery). */
  ownerId?: string;
  /** Keyset position (the last row's created_at and id), or an offset (the gallery's pages). */
  after?: { createdAt: string; id: string };
  offset?: number;
  limit: number;
}

/** Shared creations as the visibility rule lets a viewer see them, with what presenting them needs. */
export function createSharingRepository(db: Executor, dialect: Dialect) {
  /** shared AND (owner's visibility visible to the viewer OR the viewer owns it): see visibility.ts. */
  const sharedVisibleTo = (viewer: Viewer, ownerId?: string) => {
    let select = db
      .selectFrom('assets')
      .innerJoin('users', 'users.id', 'assets.user_id')
      .where('assets.shared', '=', 1)
      // An unsaved result (auto-save off) is not in the owner's library, so it is never shown to others.
      .where('assets.saved', '=', 1)
      // The gallery shows pictures and videos; an audio upload is never shared (setShared refuses it).
      .where('assets.kind', 'not in', ['audio', 'model'])
      // Hidden by an administrator after a report (issue 20): gone from the gallery and profiles.
      .where('assets.hidden', '=', 0)
      .where((eb) =>
        eb.or([
          eb('users.profile_visibility', 'in', visibleProfileKinds(viewer)),
          ...(viewer ? [eb('assets.user_id', '=', viewer.userId)] : []),
        ]),
      );
    if (ownerId) select = select.where('assets.user_id', '=', ownerId);
    return select;
  };

  return {
    /** Newest first; settings are read only for the rows returned (their owners' shareUsageData). */
    page(query: SharedPageQuery) {
      let select = sharedVisibleTo(query.viewer, query.ownerId)
        .leftJoin('user_settings', 'user_settings.user_id', 'assets.user_id')
        .select([
          'assets.id',
          'assets.user_id',
          'assets.kind',
          'assets.prompt',
          'assets.settings',
          'assets.file_key',
          'assets.thumbnail_key',
          'assets.content_type',
          'assets.width',
          'assets.height',
          'assets.created_at',
          'users.handle',
          'users.display_name',
        ])
        .select(jsonTextField(dialect, 'user_settings.data', 'shareUsageData').as('share_usage'))
        .$narrowType<{ kind: TGenerationType }>();
      if (query.after) {
        const { createdAt, id } = query.after;
        select = select.where((eb) =>
          eb.or([
            eb('assets.created_at', '<', createdAt),
            eb.and([eb('assets.created_at', '=', createdAt), eb('assets.id', '<', id)]),
          ]),
        );
      }
      return select
        .orderBy('assets.created_at', 'desc')
        .orderBy('assets.id', 'desc')
        .limit(query.limit)
        .offset(query.offset ?? 0)
        .execute();
    },

    async count(viewer: Viewer): Promise<number> {
      const row = await sharedVisibleTo(viewer)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /**
     * Shares (or stops sharing) an asset of `userId`; false when it is not theirs, not there, or (to
     * share) not saved to the library or an audio upload.
     */
    async setShared(id: string, userId: string, shared: boolean): Promise<boolean> {
      let update = db
        .updateTable('assets')
        .set({ shared: shared ? 1 : 0 })
        .where('id', '=', id)
        .where('user_id', '=', userId);
      if (shared) update = update.where('saved', '=', 1).where('kind', 'not in', ['audio', 'model']);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type SharingRepository = ReturnType<typeof createSharingRepository>;
export type SharedRow = Awaited<ReturnType<SharingRepository['page']>>[number];

/** A stored JSON boolean read as text: 1/0 from SQLite's json_extract, 'true'/'false' from PostgreSQL. */
export function jsonFlag(value: unknown): boolean {
  return value === 1 || value === true || value === 'true' || value === '1';
}

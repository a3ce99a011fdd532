import type { TAuditAction } from '@kaleido/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEditProvider } from '../../../test/edit-provider.js';
import { browser, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { englishOf } from '../../../test/messages.js';
import { balanceOf } from '../../../test/provider-fixtures.js';
import { pngOf, uploadAs } from '../../../test/upload-files.js';

/** A multipart body with text fields and one file, as OpenAI's SDK sends an edit. */
function editForm(fields: Record<string, string>, image: Buffer) {
  const boundary = `----b20${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('blocked terms', () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let person: SignedIn;

  beforeEach(async () => {
    ctx = await createTestContext({ providers: [createFakeProvider().provider, createEditProvider()] });
    admin = await signUp(ctx.app);
    person = await signUp(ctx.app);
  });
  afterEach(async () => {
    await ctx.close();
  });

  const auditRows = (action: TAuditAction) =>
    ctx.database.kysely.selectFrom('audit_events').selectAll().where('action', '=', action).execute();
  const jobCount = async () =>
    Number(
      (
        await ctx.database.kysely
          .selectFrom('generations')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('saves the list for administrators only, refuses a pattern RE2 cannot run, and audits the change', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/blocked-terms' })).statusCode).toBe(401);
    expect((await browser(ctx.app, person).get('/api/admin/blocked-terms')).statusCode).toBe(403);
    expect((await browser(ctx.app, person).put('/api/admin/blocked-terms', { terms: [] })).statusCode).toBe(
      403,
    );
    const initial = await browser(ctx.app, admin).get('/api/admin/blocked-terms');
    expect(initial.json().data).toEqual({ terms: [], updatedAt: null });

    const invalid = await browser(ctx.app, admin).put('/api/admin/blocked-terms', {
      terms: [
        { term: 'fine', kind: 'word' },
        { term: '(?=look)ahead', kind: 'regex' },
      ],
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details).toEqual([
      {
        path: 'terms.1.term',
        message: englishOf('api.moderation.patternInvalid', { term: '(?=look)ahead' }),
      },
    ]);
    expect(await auditRows('blocked-terms.update')).toHaveLength(0);

    const saved = await browser(ctx.app, admin).put('/api/admin/blocked-terms', {
      terms: [
        { term: 'Gore', kind: 'word' },
        { term: 'gore', kind: 'word' },
        { term: 'n[a4]ked', kind: 'regex' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.terms).toEqual([
      { term: 'Gore', kind: 'word' },
      { term: 'n[a4]ked', kind: 'regex' },
    ]);
    expect((await browser(ctx.app, admin).get('/api/admin/blocked-terms')).json().data).toEqual(
      saved.json().data,
    );
    const [row] = await auditRows('blocked-terms.update');
    expect(row).toMatchObject({ actor_id: admin.user.id, actor_email: admin.email, target_type: 'site' });
    expect(JSON.parse(row?.before ?? 'null')).toEqual({ terms: [] });
    expect(JSON.parse(row?.after ?? 'null')).toEqual({ terms: saved.json().data.terms });
  });

  it('refuses a blocked prompt on every submit route, charging nothing and making no job', async () => {
    const put = await browser(ctx.app, admin).put('/api/admin/blocked-terms', {
      terms: [{ term: 'forbidden thing', kind: 'word' }],
    });
    expect(put.statusCode).toBe(200);
    const key = (await browser(ctx.app, person).post('/api/api-keys/create', { name: 'Blocked' })).json().data
      .key as string;
    const uploaded = await uploadAs(ctx.app, person, {
      name: 'a.png',
      type: 'image/png',
      data: await pngOf(64, 48),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const assetId = uploaded.json().data.id as string;
    const bearer = { authorization: `Bearer ${key}` };
    const prompt = 'A FORBIDDEN   thing in the rain';
    const form = editForm({ prompt, n: '1' }, await pngOf(64, 48));
    const balance = await balanceOf(ctx.app, person);
    const jobs = await jobCount();

    const answers = [
      await browser(ctx.app, person).post('/api/generate-image', { prompt }),
      await browser(ctx.app, person).post('/api/generate-video', { prompt }),
      await browser(ctx.app, person).post('/api/tools/edit', { assetId, mode: 'prompt', prompt }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/generate/image',
        headers: bearer,
        payload: { prompt },
      }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/edit',
        headers: bearer,
        payload: { assetId, mode: 'prompt', prompt },
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({
        success: false,
        code: 'CONTENT_BLOCKED',
        error: englishOf('api.error.CONTENT_BLOCKED'),
      });
    }
    const openAI = await ctx.app.inject({
      method: 'POST',
      url: '/api/openai/v1/images/generations',
      headers: bearer,
      payload: { prompt, n: 2 },
    });
    const openAIEdit = await ctx.app.inject({
      method: 'POST',
      url: '/api/openai/v1/images/edits',
      headers: { ...bearer, ...form.headers },
      payload: form.payload,
    });
    for (const answer of [openAI, openAIEdit]) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().error).toMatchObject({
        type: 'invalid_request_error',
        code: 'content_policy_violation',
        message: englishOf('api.error.CONTENT_BLOCKED'),
      });
    }
    expect(await balanceOf(ctx.app, person)).toBe(balance);
    expect(await jobCount()).toBe(jobs);

    // A prompt merely containing the letters is not refused: whole words only.
    const allowed = await browser(ctx.app, person).post('/api/generate-image?wait=false', {
      prompt: 'unforbidden thingamajig',
    });
    expect(allowed.statusCode, allowed.body).toBe(202);
  });

  it('answers in the person’s language', async () => {
    await browser(ctx.app, admin).put('/api/admin/blocked-terms', {
      terms: [{ term: 'x+y', kind: 'regex' }],
    });
    await browser(ctx.app, person).patch('/api/settings', { language: 'de' });
    const answer = await browser(ctx.app, person).post('/api/generate-image', { prompt: 'xxxy' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'CONTENT_BLOCKED',
      error: expect.stringMatching(/Prompt enthält Wörter/),
    });
  });
});

import type { TLocale } from '@kaleido/common';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser, SAME_ORIGIN, type SignedIn, signUp } from '../../../test/factories.js';
import { createFakeProvider } from '../../../test/fake-provider.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { type ParsedMail, sentMail } from '../../../test/mail.js';
import { fixedClock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import { ProviderError } from '../../providers/provider.js';
import { emailT, type TEmailMessageId } from './email-messages.js';
import { escapeHtml, passwordResetEmail } from './email-templates.js';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/29', cvc: '123', name: 'Li Wei' };

/**
 * The sentences of an English e-mail (its text part without links), to show that a translated e-mail
 * keeps none of them: neither in its text part nor in its HTML.
 */
function englishSentences(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/:?\s*https?:\/\/\S+$/, '').trim())
    .filter((line) => /[a-z]{3}/i.test(line) && line !== 'Kaleido');
}

function expectNoneOf(mail: ParsedMail, sentences: string[]): void {
  for (const sentence of sentences) {
    expect(mail.text, sentence).not.toContain(sentence);
    expect(mail.html, sentence).not.toContain(escapeHtml(sentence));
    expect(mail.headers.subject, sentence).not.toContain(sentence);
  }
}

describe('e-mails in the person’s language', () => {
  let ctx: TestContext;
  let clock: ReturnType<typeof fixedClock>;
  let fake: ReturnType<typeof createFakeProvider>;

  beforeEach(async () => {
    clock = fixedClock(new Date('2026-11-02T08:00:00.000Z'));
    fake = createFakeProvider();
    ctx = await createTestContext({ clock, providers: [fake.provider] });
  });
  afterEach(async () => {
    fake.releaseAll();
    await ctx.close();
  });

  const mailTo = async (who: SignedIn): Promise<ParsedMail[]> =>
    (await sentMail(ctx.app, ctx.dataDir)).filter((mail) => mail.headers.to === who.email);
  /** English words of the layout every e-mail has (greeting, footer, links). */
  const layoutEnglish = (name: string, reason: TEmailMessageId) => [
    emailT('en', 'email.layout.greeting', { name }),
    emailT('en', reason),
    'E-mail settings',
    'Unsubscribe',
  ];
  const speaking = async (locale: TLocale, extra: Record<string, unknown> = {}) => {
    const person = await signUp(ctx.app, { name: 'Sam' });
    const saved = await browser(ctx.app, person).patch('/api/settings', { language: locale, ...extra });
    expect(saved.statusCode, saved.body).toBe(200);
    return person;
  };

  it('sends the password-reset e-mail of a signed-out request in its Accept-Language (French)', async () => {
    const person = await signUp(ctx.app, { name: 'Camille' });
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { ...SAME_ORIGIN, 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' },
      payload: { email: person.email },
    });
    expect(asked.statusCode, asked.body).toBe(200);

    const [mail, ...more] = await mailTo(person);
    expect(more).toHaveLength(0);
    const reset = mail as ParsedMail;
    expect(reset.headers.subject).toBe('Réinitialisez votre mot de passe Kaleido');
    expect(reset.html).toContain('<html lang="fr">');
    expect(reset.text).toContain('Bonjour Camille,');
    expect(reset.text).toContain('Réinitialisez votre mot de passe');
    expect(reset.text).toContain(
      'Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser le mot de passe de votre compte Kaleido.',
    );
    expect(reset.text).toContain('Ouvrez ce lien dans les 30 minutes pour en choisir un nouveau.');
    expect(reset.text).toContain(
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u00a0: votre mot de passe reste inchangé.',
    );
    expect(reset.text).toMatch(
      /Choisir un nouveau mot de passe\u00a0: http:\/\/localhost:3000\/auth\/reset\?token=\S+/,
    );
    expect(reset.text).toContain(emailT('fr', 'email.layout.reason.security'));
    expect(reset.text).toContain('Préférences e-mail\u00a0: http://localhost:3000/profile?tab=settings');
    expect(reset.html).toContain('Choisir un nouveau mot de passe</a>');
    expect(reset.html).toContain('>Préférences e-mail</a>');

    // Not one sentence of the English e-mail is left.
    const english = passwordResetEmail({
      locale: 'en',
      name: 'Camille',
      resetUrl: 'http://localhost:3000/auth/reset?token=x',
      minutes: 30,
      settingsUrl: 'http://localhost:3000/profile?tab=settings',
    });
    const sentences = englishSentences(english.text);
    expect(sentences).toContain('Open this link within 30 minutes to choose a new one.');
    expectNoneOf(reset, [english.subject, ...sentences]);

    // The link in the French e-mail works like any other.
    const token = new URL(
      /http:\/\/localhost:3000\/auth\/reset\?token=\S+/.exec(reset.text)?.[0] ?? '',
    ).searchParams.get('token');
    const done = await browser(ctx.app, null).post('/api/auth/reset-password', {
      token,
      newPassword: 'une toute nouvelle phrase',
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('follows the account’s Language for e-mails it causes (password changed), whatever the request says', async () => {
    const person = await speaking('es');
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...SAME_ORIGIN, cookie: person.cookie, 'accept-language': 'de' },
      payload: { currentPassword: person.password, newPassword: 'una contraseña nueva' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [mail] = await mailTo(person);
    expect(mail?.headers.subject).toBe('Se ha cambiado tu contraseña de Kaleido');
    expect(mail?.html).toContain('<html lang="es">');
    expect(mail?.text).toContain('Hola, Sam:');
    expect(mail?.text).toContain(
      'Se ha cambiado la contraseña de tu cuenta de Kaleido y se han cerrado tus demás sesiones.',
    );
    expect(mail?.text).toContain('Revisar tu cuenta: http://localhost:3000/profile?tab=settings');
    expect(mail?.headers['list-unsubscribe']).toBeUndefined();
  });

  it('e-mails a failed generation in German, dated in German in the account’s time zone', async () => {
    const person = await speaking('de', { timezone: 'Europe/Berlin' });
    fake.set({
      kind: 'fail',
      error: new ProviderError('content_policy', 'refused', {
        userMessage: 'The prompt was refused by the provider.',
      }),
    });
    const failed = await browser(ctx.app, person).post('/api/generate-image', { prompt: 'ein Leuchtturm' });
    expect(failed.statusCode).toBe(502);

    const [mail, ...more] = await mailTo(person);
    expect(more).toHaveLength(0);
    const failure = mail as ParsedMail;
    expect(failure.headers.subject).toBe('Dein Bild konnte nicht erstellt werden');
    expect(failure.html).toContain('<html lang="de">');
    expect(failure.text).toContain('Hallo Sam,');
    expect(failure.text).toContain('Der Prompt wurde von den Sicherheitsfiltern des Modells abgelehnt.');
    expect(failure.text).toContain(
      'Die dafür reservierten Credits wurden deinem Guthaben wieder gutgeschrieben. Du kannst es mit demselben Prompt noch einmal versuchen.',
    );
    expect(failure.text).toContain('Prompt: ein Leuchtturm');
    // 08:00 UTC is 09:00 in Berlin (winter time, MEZ), written the German way.
    expect(failure.text).toContain('Beendet: 02.11.2026, 09:00 MEZ (Europe/Berlin)');
    expect(failure.text).toContain('Erneut versuchen: http://localhost:3000/generate/image');
    expect(failure.text).toContain('Abbestellen: http://localhost:3000/api/email/unsubscribe?token=');
    expect(failure.html).toContain('>Abbestellen</a>');

    expectNoneOf(failure, [
      'The prompt was refused by the provider.',
      emailT('en', 'email.jobFailed.title', { kind: 'image' }),
      emailT('en', 'email.jobFailed.refund'),
      'Try again',
      'Ended',
      ...layoutEnglish('Sam', 'email.layout.reason.notifications'),
    ]);
  });

  it('writes a receipt in Chinese with the amount formatted by Intl for zh', async () => {
    const person = await speaking('zh', { timezone: 'Asia/Shanghai' });
    const as = browser(ctx.app, person);
    expect((await as.post('/api/billing/payment-methods', CARD)).statusCode).toBe(201);
    const bought = await as.post('/api/billing/purchases', {
      packId: 'pack-100',
      idempotencyKey: 'zh-receipt-1',
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const [invoice] = (await as.get('/api/billing/invoices')).json().data;

    const [mail] = await mailTo(person);
    const receipt = mail as ParsedMail;
    const amount = new Intl.NumberFormat('zh-Hans', { style: 'currency', currency: 'USD' }).format(15);
    expect(amount).not.toBe('$15.00');
    expect(receipt.headers.subject).toBe(`Kaleido 收据 ${invoice.number}`);
    expect(receipt.html).toContain('<html lang="zh-Hans">');
    expect(receipt.text).toContain('Sam，你好！');
    expect(receipt.text).toContain('感谢你的购买');
    expect(receipt.text).toContain(`金额：${amount}`);
    expect(receipt.html).toContain(escapeHtml(amount));
    expect(receipt.text).toContain('项目：100 积分 + 赠送 10');
    expect(receipt.text).toContain('积分：110 积分（100 + 赠送 10）已添加到你的余额');
    expect(receipt.text).toContain(`发票编号：${invoice.number}`);
    const date = new Intl.DateTimeFormat('zh-Hans', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Shanghai',
    }).format(new Date('2026-11-02T08:00:00.000Z'));
    expect(receipt.text).toContain(`日期：${date}`);
    expect(receipt.text).toContain('(Asia/Shanghai)');
    expect(receipt.text).toContain('付款方式：visa，尾号 4242');
    expect(receipt.text).toContain('查看账单：http://localhost:3000/profile?tab=billing');
    expectNoneOf(receipt, [
      'Thank you for your purchase',
      'added to your balance',
      'Amount',
      'Invoice',
      'Paid with',
      'View billing',
      ...layoutEnglish('Sam', 'email.layout.reason.notifications'),
    ]);
  });

  it('tells a French account its renewal was declined, with the decline in French', async () => {
    const person = await speaking('fr');
    const as = browser(ctx.app, person);
    expect((await as.post('/api/billing/payment-methods', CARD)).statusCode).toBe(201);
    const upgraded = await as.post('/api/billing/plan', { plan: 'pro', idempotencyKey: 'fr-upgrade-pro' });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    const declining = await as.post('/api/billing/payment-methods', {
      ...CARD,
      number: '4000 0000 0000 0002',
    });
    expect(declining.statusCode, declining.body).toBe(201);
    await as.post(`/api/billing/payment-methods/${declining.json().data.id}/default`);

    clock.set(new Date('2026-12-02T08:00:01.000Z'));
    expect(await ctx.app.jobs.runMonthlyResets()).toEqual({ reset: 1 });
    const mails = await mailTo(person);
    const failed = mails.find(
      (mail) => mail.headers.subject === 'Votre forfait Pro n’a pas pu être renouvelé',
    );
    expect(failed?.html).toContain('<html lang="fr">');
    expect(failed?.text).toContain(
      'Nous n’avons pas pu débiter votre carte pour le nouveau mois de facturation (Votre carte a été refusée)\u00a0: votre compte est donc passé au forfait Free, avec 10 crédits mensuels.',
    );
    expect(failed?.text).toContain(
      'Mettre à jour la facturation\u00a0: http://localhost:3000/profile?tab=billing',
    );
    expectNoneOf(failed as ParsedMail, ['Your card was declined', 'could not be renewed', 'Update billing']);
  });

  it('shows the unsubscribe pages in the account’s language, and a refused link in the browser’s', async () => {
    const person = await speaking('de');
    fake.set({ kind: 'fail' });
    await browser(ctx.app, person).post('/api/generate-image', { prompt: 'Abmeldung' });
    const [mail] = await mailTo(person);
    const header = mail?.headers['list-unsubscribe'] ?? '';
    const url = new URL(header.slice(1, -1));
    const path = `${url.pathname}${url.search}`;

    const confirm = await ctx.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'fr' } });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('<html lang="de">');
    expect(confirm.body).toContain('Benachrichtigungs-E-Mails abbestellen?');
    expect(confirm.body).toContain('>Abbestellen</button>');
    expect(confirm.body).toContain('E-Mail-Einstellungen öffnen');

    const done = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      success: true,
      data: {
        setting: 'emailNotifications',
        message: emailT('de', 'email.unsubscribe.done', { setting: 'emailNotifications' }),
      },
    });

    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/email/unsubscribe?token=forged',
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('<html lang="es">');
    expect(forged.body).toContain('Este enlace no funciona');
    expect(forged.body).toContain(escapeHtml(new AppError('UNSUBSCRIBE_LINK_INVALID').messageIn('es')));
    expect(forged.body).not.toContain('This link does not work');
  });
});

import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import english from '../../i18n/catalogs/en';
import { loadMessages } from '../../i18n/load-messages';
import type { Translate } from '../../i18n/use-t';
import { jobStageText, modelText, stageLabel } from './job-texts';

async function translator(locale: 'en' | 'fr'): Promise<Translate> {
  const messages = locale === 'en' ? english : await loadMessages(locale);
  const intl = createIntl({ locale, messages });
  return (id, values) => intl.formatMessage({ id }, values);
}

describe('job texts', () => {
  it("shows the providers' known stages in the interface's language and others as they came", async () => {
    const t = await translator('fr');
    expect(stageLabel('Applying style', t)).toBe('Application du style');
    expect(stageLabel('Rendering frame 3 of 48', t)).toBe('Rendu de l’image 3 sur 48');
    expect(stageLabel("In fal's queue (position 2)", t)).toBe('Dans la file d’attente de fal (position 2)');
    expect(stageLabel('Sending to Replicate', t)).toBe('Envoi à Replicate');
    expect(stageLabel('Something a provider said', t)).toBe('Something a provider said');
    expect(jobStageText({ status: 'queued', stage: 'Queued' }, t)).toBe(
      'En attente d’un moteur de rendu disponible',
    );
    expect(jobStageText({ status: 'running', stage: null }, t)).toBe('Démarrage');
  });

  it('keeps the English stage texts in English', async () => {
    const t = await translator('en');
    expect(stageLabel('Sampling step 4 of 20', t)).toBe('Sampling step 4 of 20');
    expect(stageLabel('Switched to Flux', t)).toBe('Switched to Flux');
  });

  it("translates the built-in models' texts and leaves an operator's own", async () => {
    const t = await translator('fr');
    expect(modelText('Sketch (offline)', t)).toBe('Sketch (hors ligne)');
    expect(modelText('gpt-image-1 through OpenAI', t)).toBe('gpt-image-1 via OpenAI');
    expect(modelText('My fine-tuned model for product shots', t)).toBe(
      'My fine-tuned model for product shots',
    );
  });
});

import type { MessageId } from '../../i18n/catalogs/en';
import type { MessageValues, Translate } from '../../i18n/use-t';

/**
 * A job's stage as the server reports it (the providers' English stage texts, kept in the job row) in
 * the interface's language. Stages the app knows get their catalog text; anything else (a provider's
 * own wording) is shown as it came.
 */
const EXACT: Record<string, MessageId> = {
  Queued: 'generate.stage.queued',
  Starting: 'generate.stage.starting',
  Done: 'generate.stage.done',
  Saving: 'generate.stage.saving',
  Generating: 'generate.stage.generating',
  Rendering: 'generate.stage.rendering',
  'Applying style': 'generate.stage.applyingStyle',
  Encoding: 'generate.stage.encoding',
  'Interpreting prompt': 'generate.stage.interpretingPrompt',
  'Preparing scene': 'generate.stage.preparingScene',
  Refining: 'generate.stage.refining',
  'Waiting in the ComfyUI queue': 'generate.stage.comfyQueue',
  'Moving to another ComfyUI server': 'generate.stage.comfyMoving',
  // The offline Enhancer and Edit engines report short stage keys.
  load: 'tools.stage.load',
  tiles: 'tools.stage.tiles',
  frames: 'tools.stage.frames',
  decode: 'tools.stage.decode',
  style: 'tools.stage.style',
  mirror: 'tools.stage.mirror',
  blur: 'tools.stage.blur',
  blend: 'tools.stage.blend',
  encode: 'tools.stage.encode',
  done: 'generate.stage.done',
};

/** Stages with a number or a name in them, tried in order. */
const PATTERNS: readonly {
  pattern: RegExp;
  id: MessageId;
  values: (match: RegExpExecArray) => MessageValues;
}[] = [
  {
    pattern: /^Rendering frame (\d+) of (\d+)$/,
    id: 'generate.stage.renderingFrame',
    values: (match) => ({ frame: Number(match[1]), frames: Number(match[2]) }),
  },
  {
    pattern: /^Sampling step (\d+) of (\d+)$/,
    id: 'generate.stage.samplingStep',
    values: (match) => ({ step: Number(match[1]), steps: Number(match[2]) }),
  },
  {
    pattern: /^In (.+)'s queue \(position (\d+)\)$/,
    id: 'generate.stage.inQueuePosition',
    values: (match) => ({ provider: match[1], position: Number(match[2]) }),
  },
  {
    pattern: /^In (.+)'s queue$/,
    id: 'generate.stage.inQueue',
    values: (match) => ({ provider: match[1] }),
  },
  {
    pattern: /^Sending to (.+)$/,
    id: 'generate.stage.sendingTo',
    values: (match) => ({ provider: match[1] }),
  },
  {
    pattern: /^Starting at (.+)$/,
    id: 'generate.stage.startingAt',
    values: (match) => ({ provider: match[1] }),
  },
  {
    pattern: /^Waiting for (.+)$/,
    id: 'generate.stage.waitingFor',
    values: (match) => ({ provider: match[1] }),
  },
  {
    pattern: /^Switched to (.+)$/,
    id: 'generate.stage.switchedTo',
    values: (match) => ({ model: match[1] }),
  },
  { pattern: /^Running (\S+)$/, id: 'generate.stage.running', values: (match) => ({ node: match[1] }) },
];

export function stageLabel(stage: string, t: Translate): string {
  const exact = EXACT[stage];
  if (exact) return t(exact);
  for (const { pattern, id, values } of PATTERNS) {
    const match = pattern.exec(stage);
    if (match) return t(id, values(match));
  }
  return stage;
}

/** What a running job's stage line says: waiting for a worker, starting, or the stage it reported. */
export function jobStageText(generation: { status: string; stage?: string | null }, t: Translate): string {
  if (generation.status === 'queued') return t('generate.stage.waitingForRenderer');
  return generation.stage ? stageLabel(generation.stage, t) : t('generate.stage.starting');
}

/**
 * The built-in models' texts (the offline Sketch renderer, the ComfyUI template): a name or description
 * the server sends exactly as the built-in English gets its catalog text; an operator's own wording is
 * shown as configured.
 */
const MODEL_TEXTS: Record<string, MessageId> = {
  'Sketch (offline)': 'generate.model.sketch.name',
  'Offline procedural sketch renderer — not an AI model': 'generate.model.sketch.description',
  'Stable Diffusion (ComfyUI)': 'generate.model.comfyui.name',
  'Text to image on your own ComfyUI servers': 'generate.model.comfyui.description',
};

export function modelText(text: string, t: Translate): string {
  const id = MODEL_TEXTS[text];
  if (id) return t(id);
  // An OpenAI-compatible model without a configured description: '<model id> through <provider>'.
  const through = /^(\S+) through (.+)$/.exec(text);
  if (through) return t('generate.model.through', { model: through[1], provider: through[2] });
  return text;
}

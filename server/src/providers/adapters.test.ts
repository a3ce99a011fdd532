import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mp4Skeleton } from '../../test/fakes/media.js';
import { parsePreviewFrame, validateWorkflow } from './comfyui.js';
import { TEXT_TO_IMAGE_WORKFLOW } from './comfyui-workflows.js';
import { falAppOf } from './fal.js';
import { honourableRatios, nearestSize } from './openai-images.js';
import { probeMp4, sniffContentType } from './outputs.js';
import { firstUrl, progressFromLogs, verifyStandardWebhook } from './replicate.js';
import { fillTemplate } from './template.js';

describe('ComfyUI helpers', () => {
  it('finds unknown node types, missing inputs and files not installed', () => {
    const graph = fillTemplate(TEXT_TO_IMAGE_WORKFLOW, {
      checkpoint: 'missing.safetensors',
      prompt: 'p',
      negative_prompt: '',
      width: 512,
      height: 512,
      seed: 1,
      steps: 20,
      cfg: 7,
      sampler: 'euler',
      scheduler: 'normal',
    }) as Record<string, unknown>;
    const problems = validateWorkflow(graph, {
      CheckpointLoaderSimple: { input: { required: { ckpt_name: [['sd15.safetensors']] } } },
      CLIPTextEncode: { input: { required: { text: ['STRING'], clip: ['CLIP'] } } },
      EmptyLatentImage: { input: { required: { width: ['INT'], height: ['INT'], batch_size: ['INT'] } } },
      KSampler: {
        input: {
          required: { sampler_name: ['COMBO', { options: ['euler'] }], model: ['MODEL'], extra: ['INT'] },
        },
      },
      VAEDecode: { input: { required: {} } },
    });
    expect(problems).toEqual([
      'node 3 (KSampler): input "extra" is missing',
      'node 4 (CheckpointLoaderSimple): ckpt_name "missing.safetensors" is not installed',
      'node 9: the server has no node type "SaveImage"',
    ]);
  });

  it('reads binary preview frames (type 1 with JPEG/PNG, type 4 with metadata) and ignores others', () => {
    const header = (type: number, format: number) => {
      const buffer = Buffer.alloc(8);
      buffer.writeUInt32BE(type, 0);
      buffer.writeUInt32BE(format, 4);
      return buffer;
    };
    expect(parsePreviewFrame(Buffer.concat([header(1, 1), Buffer.from('jpg')]))).toEqual({
      data: Buffer.from('jpg'),
      contentType: 'image/jpeg',
    });
    expect(parsePreviewFrame(Buffer.concat([header(1, 2), Buffer.from('png')]))?.contentType).toBe(
      'image/png',
    );
    const meta = Buffer.from(JSON.stringify({ image_type: 'image/png', prompt_id: 'x' }));
    const withMeta = Buffer.concat([header(4, meta.length), meta, Buffer.from('img')]);
    expect(parsePreviewFrame(withMeta)).toEqual({ data: Buffer.from('img'), contentType: 'image/png' });
    expect(parsePreviewFrame(Buffer.concat([header(3, 0), Buffer.from('text')]))).toBeNull();
    expect(parsePreviewFrame(Buffer.from([0, 0]))).toBeNull();
  });
});

describe('OpenAI size mapping', () => {
  const sizes = ['1024x1024', '1536x1024', '1024x1536'];
  it('picks the allowed size nearest in shape and says which ratios it honours', () => {
    expect(nearestSize(sizes, 1024, 683)).toBe('1536x1024');
    expect(nearestSize(sizes, 576, 1024)).toBe('1024x1536');
    expect(nearestSize(sizes, 512, 512)).toBe('1024x1024');
    expect(honourableRatios(sizes)).toEqual(['1:1', '2:3', '3:2']);
    expect(honourableRatios(['1024x1024', '1792x1024', '1024x1792'])).toEqual(['1:1', '16:9', '9:16']);
  });
});

describe('Replicate helpers', () => {
  const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
  const body = Buffer.from('{"id":"p1","status":"succeeded"}');
  const sign = (id: string, timestamp: string) =>
    createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
      .update(`${id}.${timestamp}.${body}`)
      .digest('base64');

  it('accepts a Standard Webhooks signature among several and rejects bad, stale and unsigned ones', () => {
    const now = 1_800_000_000;
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(now),
      'webhook-signature': `v1,bm90LWl0 v1,${sign('msg_1', String(now))}`,
    };
    expect(verifyStandardWebhook(secret, headers, body, now)).toBe('msg_1');
    expect(() => verifyStandardWebhook(secret, { ...headers, 'webhook-id': 'msg_2' }, body, now)).toThrow(
      'bad webhook signature',
    );
    expect(() => verifyStandardWebhook(secret, headers, body, now + 301)).toThrow('stale');
    expect(() => verifyStandardWebhook(secret, {}, body, now)).toThrow('unsigned');
  });

  it('reads progress from tqdm logs and the first file URL from any output shape', () => {
    expect(progressFromLogs('starting\n 45%|████▌     | 9/20 [00:01<00:01]\n')).toBe(45);
    expect(progressFromLogs('step 5/20 [00:02<00:06]')).toBe(25);
    expect(progressFromLogs('loading weights')).toBeUndefined();
    expect(firstUrl(['https://x/out-0.png'])).toBe('https://x/out-0.png');
    expect(firstUrl('https://x/v.mp4')).toBe('https://x/v.mp4');
    expect(firstUrl({ video: { url: 'https://x/v.mp4' } })).toBe('https://x/v.mp4');
    expect(firstUrl('just text')).toBeUndefined();
  });
});

describe('fal endpoints and outputs', () => {
  it('addresses requests by owner/app, keeping namespaces', () => {
    expect(falAppOf('fal-ai/flux/dev')).toBe('fal-ai/flux');
    expect(falAppOf('fal-ai/kling-video/v2.1/master/text-to-video')).toBe('fal-ai/kling-video');
    expect(falAppOf('workflows/me/my-flow')).toBe('workflows/me/my-flow');
  });

  it('reads an MP4’s size and length from its boxes and sniffs types from bytes', () => {
    const mp4 = mp4Skeleton(832, 480, 5.06);
    expect(probeMp4(mp4)).toEqual({ width: 832, height: 480, durationSeconds: 5.06 });
    expect(sniffContentType(mp4)).toBe('video/mp4');
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff]))).toBe('image/jpeg');
    expect(probeMp4(Buffer.from('not a video'))).toBeNull();
  });
});

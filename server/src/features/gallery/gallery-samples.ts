import { LIMITS, type TGenerationType } from '@kaleido/common';

export interface SamplePrompt {
  kind: TGenerationType;
  prompt: string;
  style: string;
  width: number;
  height: number;
}

/**
 * The curated prompts the built-in renderer turns into the gallery's sample creations at first start
 * (DECISIONS: the gallery is topped up with samples the built-in generator renders). Varied shapes make
 * the masonry: portrait, landscape and square, a few of them videos.
 */
export const SAMPLE_PROMPTS: readonly SamplePrompt[] = [
  {
    kind: 'image',
    prompt: 'a lighthouse on a cliff at golden hour',
    style: 'oil-painting',
    width: 512,
    height: 683,
  },
  {
    kind: 'image',
    prompt: 'neon city skyline at night in the rain',
    style: 'digital-art',
    width: 640,
    height: 360,
  },
  {
    kind: 'video',
    prompt: 'waves rolling onto a quiet beach at sunset',
    style: 'cinematic',
    width: 480,
    height: 270,
  },
  {
    kind: 'image',
    prompt: 'snowy mountain range under a starry sky',
    style: 'photographic',
    width: 512,
    height: 512,
  },
  {
    kind: 'image',
    prompt: 'a forest of tall pines in morning fog',
    style: 'watercolor',
    width: 480,
    height: 720,
  },
  {
    kind: 'image',
    prompt: 'abstract swirl of violet and orange light',
    style: 'abstract',
    width: 512,
    height: 512,
  },
  {
    kind: 'image',
    prompt: 'desert dunes and a lone tree under a full moon',
    style: 'realistic',
    width: 640,
    height: 480,
  },
  {
    kind: 'image',
    prompt: 'portrait of a smiling astronaut, soft studio light',
    style: 'artistic',
    width: 512,
    height: 683,
  },
  {
    kind: 'video',
    prompt: 'clouds drifting over rolling green hills',
    style: 'realistic',
    width: 270,
    height: 480,
  },
  { kind: 'image', prompt: 'a red fox in a snowy meadow', style: 'cartoon', width: 512, height: 512 },
  {
    kind: 'image',
    prompt: 'a galaxy with a ringed planet and two moons',
    style: 'digital-art',
    width: 640,
    height: 360,
  },
  {
    kind: 'image',
    prompt: 'cherry blossoms by a calm lake in spring',
    style: 'watercolor',
    width: 480,
    height: 720,
  },
  {
    kind: 'image',
    prompt: 'thunderstorm over a wheat field',
    style: 'oil-painting',
    width: 640,
    height: 480,
  },
  {
    kind: 'image',
    prompt: 'futuristic towers above a glowing harbour',
    style: 'digital-art',
    width: 512,
    height: 683,
  },
  {
    kind: 'image',
    prompt: 'a tropical island seen from above, turquoise water',
    style: 'photographic',
    width: 512,
    height: 512,
  },
  { kind: 'video', prompt: 'aurora dancing over a frozen lake', style: 'cinematic', width: 480, height: 270 },
  {
    kind: 'image',
    prompt: 'autumn forest path with orange leaves',
    style: 'realistic',
    width: 480,
    height: 720,
  },
  { kind: 'image', prompt: 'geometric shapes in pastel colours', style: 'abstract', width: 512, height: 512 },
  { kind: 'image', prompt: 'a sailing boat on a stormy sea', style: 'oil-painting', width: 640, height: 480 },
  {
    kind: 'image',
    prompt: 'sunrise over misty rice terraces',
    style: 'photographic',
    width: 640,
    height: 360,
  },
  {
    kind: 'image',
    prompt: 'a cosy village street at dusk with warm lights',
    style: 'cartoon',
    width: 512,
    height: 683,
  },
  {
    kind: 'video',
    prompt: 'city lights flickering on under a purple sky',
    style: 'artistic',
    width: 480,
    height: 270,
  },
  {
    kind: 'image',
    prompt: 'volcano glowing under a starry night',
    style: 'digital-art',
    width: 512,
    height: 512,
  },
  {
    kind: 'image',
    prompt: 'a waterfall in a lush green canyon',
    style: 'watercolor',
    width: 480,
    height: 720,
  },
  {
    kind: 'image',
    prompt: 'a field of sunflowers under a blue sky',
    style: 'realistic',
    width: 640,
    height: 480,
  },
  { kind: 'image', prompt: 'a nebula of pink and teal clouds', style: 'abstract', width: 512, height: 683 },
];

if (SAMPLE_PROMPTS.length !== LIMITS.galleryItems) throw new Error('the gallery needs one sample per item');

import { VIDEO_OPTIONS } from '@kaleido/common/browser';
import { GeneratorShell, type OptionGroup, optionLabel } from './generator-shell';

const OPTIONS: readonly OptionGroup[] = [
  { label: 'Styles', values: VIDEO_OPTIONS.styles, format: optionLabel },
  { label: 'Aspect ratios', values: VIDEO_OPTIONS.aspectRatios },
  { label: 'Durations', values: VIDEO_OPTIONS.durations, format: (seconds) => `${seconds} s` },
  { label: 'Resolutions', values: VIDEO_OPTIONS.resolutions },
  { label: 'Frame rate', values: VIDEO_OPTIONS.frameRates, format: (fps) => `${fps} fps` },
];

export function GenerateVideoPage() {
  return <GeneratorShell type="video" options={OPTIONS} />;
}

import { IMAGE_OPTIONS } from '@kaleido/common/browser';
import { GeneratorShell, type OptionGroup, optionLabel } from './generator-shell';

const OPTIONS: readonly OptionGroup[] = [
  { label: 'Styles', values: IMAGE_OPTIONS.styles, format: optionLabel },
  { label: 'Image styles', values: IMAGE_OPTIONS.imageStyles, format: optionLabel },
  { label: 'Aspect ratios', values: IMAGE_OPTIONS.aspectRatios },
  { label: 'Resolutions', values: IMAGE_OPTIONS.resolutions },
  { label: 'Quality', values: IMAGE_OPTIONS.qualities, format: optionLabel },
];

export function GenerateImagePage() {
  return <GeneratorShell type="image" options={OPTIONS} />;
}

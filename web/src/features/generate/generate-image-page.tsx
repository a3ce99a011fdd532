import { GeneratorPage } from './generator-page';

export function GenerateImagePage() {
  return <GeneratorPage type="image" />;
}

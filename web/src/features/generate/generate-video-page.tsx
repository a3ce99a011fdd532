import { GeneratorPage } from './generator-page';

export function GenerateVideoPage() {
  return <GeneratorPage type="video" />;
}

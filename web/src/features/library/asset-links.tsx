import type { TAsset } from '@kaleido/common';
import { Download, ExternalLink } from 'lucide-react';
import { type ButtonVariant, buttonClass } from '../../ui/button';

type LinkProps = { asset: TAsset; variant: ButtonVariant };

/** "Download": the original file under its own name. */
export function AssetDownloadLink({ asset, variant }: LinkProps) {
  return (
    <a
      href={asset.downloadUrl}
      download={asset.metadata.filename}
      className={buttonClass({ variant, size: 'sm' })}
    >
      <Download aria-hidden />
      Download
    </a>
  );
}

/** "Open": the file in a new tab. */
export function AssetOpenLink({ asset, variant }: LinkProps) {
  return (
    <a
      href={asset.url}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClass({ variant, size: 'sm' })}
    >
      <ExternalLink aria-hidden />
      Open
      <span className="sr-only"> in a new tab</span>
    </a>
  );
}

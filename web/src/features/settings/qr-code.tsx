import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from '../../ui/spinner';

/** One SVG path of the dark modules: `M x y h1 v1 h-1 z` per module, so the code stays crisp at any size. */
function modulesPath(data: readonly (readonly boolean[])[]): string {
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return path;
}

/**
 * A QR code of `value`, drawn here in the browser (nothing leaves the page: the otpauth URI holds the
 * secret). The encoder (uqr) is imported on first use, so it stays out of every other chunk. Always dark
 * on white with a quiet zone, in both themes, because phone cameras read that best.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const [code, setCode] = useState<{ value: string; size: number; path: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ encode }) => {
      if (!live) return;
      const { data, size } = encode(value, { ecc: 'M', border: 2 });
      setCode({ value, size, path: modulesPath(data) });
    });
    return () => {
      live = false;
    };
  }, [value]);

  const ready = code?.value === value ? code : null;
  return (
    <div
      className={cn(
        'inline-flex size-44 items-center justify-center rounded-xl bg-white p-1 ring-1 ring-line',
        className,
      )}
    >
      {ready ? (
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${ready.size} ${ready.size}`}
          shapeRendering="crispEdges"
          className="size-full"
        >
          <rect width={ready.size} height={ready.size} fill="#fff" />
          <path d={ready.path} fill="#000" />
        </svg>
      ) : (
        <Spinner className="text-neutral-500" />
      )}
    </div>
  );
}

import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useT } from '../i18n/use-t';
import { type ControlSize, inputClass } from './field';

/** A password input with a show/hide button inside its right edge. */
export function PasswordInput({
  size = 'lg',
  className,
  disabled,
  ...props
}: Omit<ComponentProps<'input'>, 'size' | 'type'> & { size?: ControlSize }) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        type={visible ? 'text' : 'password'}
        disabled={disabled}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        className={inputClass({ size, className: `pr-12 ${className ?? ''}` })}
        {...props}
      />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        aria-label={t(visible ? 'app.ui.hidePassword' : 'app.ui.showPassword')}
        aria-pressed={visible}
        disabled={disabled}
        className="absolute top-1/2 right-1.5 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-lg text-fg-subtle transition-colors hover:bg-surface-2 hover:text-fg disabled:opacity-50"
      >
        {visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
      </button>
    </div>
  );
}

// The imask-driven input, in its own chunk: imask (~20 KB gzip with react-imask) is loaded only when a
// page shows a masked input (sign-in, checkout), not with the @bozor/shared singleton every page needs.
import { useEffect, useRef, type InputHTMLAttributes, type RefObject } from 'react';
import { IMaskInput } from 'react-imask';
import { applyMask, toIMaskOptions } from '../mask';

export interface MaskedInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  mask: string;
  value: string;
  onChange: (value: string) => void;
  /** True when this input replaces a plain one that had the focus: it takes the focus once mounted. */
  focusFrom?: RefObject<boolean>;
}

export default function MaskedInput({ mask, value, onChange, focusFrom, ...common }: MaskedInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!focusFrom?.current || !el) return;
    focusFrom.current = false;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
    // only on mount: later focus changes are the user's
  }, [focusFrom]);
  return (
    <IMaskInput
      {...common}
      {...toIMaskOptions(mask)}
      inputRef={ref}
      value={value}
      onAccept={(v: string) => {
        const cased = applyMask(mask, v);
        if (cased !== value) onChange(cased);
      }}
    />
  );
}

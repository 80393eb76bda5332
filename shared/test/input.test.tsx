import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Input } from '../src/design/Input';
import { MASKS } from '../src/mask';

function Masked({ mask, onValue }: { mask: string; onValue?: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Input
      label="Field"
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
      mask={mask}
      testId="field"
    />
  );
}

const setNativeValue = (el: HTMLInputElement, value: string) => Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);

/** What a browser does for one key: edit the text at the caret, move the caret, fire `input`. */
function press(el: HTMLInputElement, key: string) {
  const start = el.selectionStart ?? el.value.length;
  const end = el.selectionEnd ?? start;
  let raw: string;
  let caret: number;
  let inputType: string;
  if (key === 'Backspace') {
    const from = start === end ? Math.max(0, start - 1) : start;
    raw = el.value.slice(0, from) + el.value.slice(end);
    caret = from;
    inputType = 'deleteContentBackward';
  } else {
    raw = el.value.slice(0, start) + key + el.value.slice(end);
    caret = start + key.length;
    inputType = key.length > 1 ? 'insertFromPaste' : 'insertText';
  }
  act(() => {
    setNativeValue(el, raw);
    el.setSelectionRange(caret, caret);
    el.dispatchEvent(new InputEvent('input', { bubbles: true, inputType }));
  });
}

describe('Input with a mask', () => {
  it('a phone typed key by key reads +998 90 123 45 67, whichever way it is spelt', () => {
    for (const keys of ['901234567', '+998901234567']) {
      const seen: string[] = [];
      const { unmount } = render(<Masked mask={MASKS.phone} onValue={(v) => seen.push(v)} />);
      const el = screen.getByTestId('field') as HTMLInputElement;
      act(() => el.focus());
      for (const k of keys) press(el, k);
      expect(el.value).toBe('+998 90 123 45 67');
      expect(seen.at(-1)).toBe('+998 90 123 45 67');
      unmount();
    }
  });

  it('keeps the caret where the shopper edits in the middle', () => {
    render(<Masked mask={MASKS.phone} />);
    const el = screen.getByTestId('field') as HTMLInputElement;
    act(() => el.focus());
    press(el, '901234567');
    act(() => el.setSelectionRange(10, 10)); // after "+998 90 12"
    press(el, 'Backspace');
    press(el, 'Backspace');
    expect(el.value).toBe('+998 90 345 67');
    press(el, '5');
    expect(el.value).toBe('+998 90 534 56 7');
    expect(el.selectionStart).toBe('+998 90 5'.length);
  });

  it('a character the mask refuses changes nothing', () => {
    const onValue = jest.fn();
    render(<Masked mask={MASKS.otp} onValue={onValue} />);
    const el = screen.getByTestId('field') as HTMLInputElement;
    act(() => el.focus());
    press(el, '1');
    press(el, 'x');
    press(el, '2');
    expect(el.value).toBe('12');
    expect(onValue.mock.calls.map((c) => c[0])).toEqual(['1', '12']);
  });

  it('an input without a mask stays a plain input', () => {
    const onChange = jest.fn();
    render(<Input label="Name" value="" onChange={onChange} testId="name" />);
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'Ali' } });
    expect(onChange).toHaveBeenCalledWith('Ali');
  });
});

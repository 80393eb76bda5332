import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Input } from '../src/design/Input';

function Phone({ onValue }: { onValue?: (v: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Input
      label="Phone"
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue?.(v);
      }}
      mask="+998 ## ### ## ##"
      testId="phone"
    />
  );
}

describe('Input with a mask (imask loaded lazily)', () => {
  it('masks what is typed before imask has loaded, then hands the focus to the imask input', async () => {
    const seen: string[] = [];
    render(<Phone onValue={(v) => seen.push(v)} />);
    const plain = screen.getByTestId('phone');
    act(() => plain.focus());
    fireEvent.change(plain, { target: { value: '+998 90a12' } });
    expect(seen.at(-1)).toBe('+998 90 12');
    // the lazy chunk resolves: another element, same label, same value, and it has the focus
    await waitFor(() => expect(screen.getByTestId('phone')).not.toBe(plain));
    const masked = screen.getByLabelText('Phone');
    expect(masked).toBe(screen.getByTestId('phone'));
    expect(masked).toHaveProperty('value', '+998 90 12');
    expect(document.activeElement).toBe(masked);
  });

  it('an input without a mask stays a plain input', () => {
    const onChange = jest.fn();
    render(<Input label="Name" value="" onChange={onChange} testId="name" />);
    fireEvent.change(screen.getByTestId('name'), { target: { value: 'Ali' } });
    expect(onChange).toHaveBeenCalledWith('Ali');
  });
});

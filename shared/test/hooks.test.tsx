import { act, render, screen } from '@testing-library/react';
import { useCountdown } from '../src/hooks';

function Resend() {
  const [left, setLeft] = useCountdown();
  return left > 0 ? <span>wait {left}</span> : <button onClick={() => setLeft(3)}>send</button>;
}

describe('useCountdown', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('counts down once a second and gives the button back at zero', () => {
    render(<Resend />);
    act(() => screen.getByRole('button', { name: 'send' }).click());
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('wait 3')).not.toBeNull();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('wait 2')).not.toBeNull();
    act(() => jest.advanceTimersByTime(999));
    expect(screen.queryByText('wait 2')).not.toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('wait 1')).not.toBeNull();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText(/wait/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'send' })).not.toBeNull();
  });
});

import { render, screen, fireEvent } from '@testing-library/react';
import { act, useState } from 'react';
import { $toasts, Button, Dialog, Price, ToastViewport, designCss, showToast, setLanguage, createI18n } from '../src';

describe('design system', () => {
  it('Price follows the language atom', () => {
    setLanguage('en');
    render(<Price amount={1250000} />);
    expect(screen.queryByText('1,250,000\u00a0UZS', { normalizer: (s) => s })).not.toBeNull();
    act(() => setLanguage('ru'));
    expect(screen.queryByText('1\u00a0250\u00a0000\u00a0сум', { normalizer: (s) => s })).not.toBeNull();
  });
  it('Dialog closes on Escape', () => {
    const onClose = jest.fn();
    render(
      <Dialog open title="T" onClose={onClose} closeLabel="Close">
        <Button>ok</Button>
      </Dialog>,
    );
    expect(screen.queryByRole('dialog', { name: 'T' })).not.toBeNull();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
  it('Dialog leaves the focus in a field the shopper types into, keeps Tab inside and gives the focus back', () => {
    function Typing({ onClose }: { onClose: () => void }) {
      const [text, setText] = useState('');
      // a new onClose every render, as components write it inline
      return (
        <Dialog open title="Sign in" onClose={() => onClose()} closeLabel="Close">
          <input aria-label="Phone" value={text} onChange={(e) => setText(e.target.value)} />
          <Button>Get code</Button>
        </Dialog>
      );
    }
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>Open</button>
          {open ? <Typing onClose={() => setOpen(false)} /> : null}
        </>
      );
    }
    render(<Page />);
    const opener = screen.getByText('Open');
    act(() => opener.focus());
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Sign in' }));
    const phone = screen.getByLabelText('Phone');
    act(() => phone.focus());
    for (const value of ['9', '90', '901']) {
      fireEvent.change(phone, { target: { value } });
      expect(document.activeElement).toBe(phone);
    }
    // Tab from the last focusable element goes back to the first (the close button)
    act(() => screen.getByText('Get code').focus());
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByLabelText('Close'));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
  it('toasts close themselves after 5000 ms', () => {
    jest.useFakeTimers();
    render(<ToastViewport closeLabel="Close" />);
    act(() => void showToast('Saved'));
    expect(screen.queryByText('Saved')).not.toBeNull();
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.queryByText('Saved')).toBeTruthy();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
    jest.useRealTimers();
  });
  describe('toasts on a small screen', () => {
    const shown = () => screen.queryAllByTestId('toast').map((t) => t.querySelector('span')?.textContent);
    beforeEach(() => {
      jest.useFakeTimers();
      act(() => $toasts.set([]));
    });
    afterEach(() => jest.useRealTimers());

    it('Buy pressed again and again: the same message is shown once, its time restarted; at most two at once', () => {
      render(<ToastViewport closeLabel="Close" />);
      const full = 'Your cart already has 3 of these — as many as one order can take.';
      act(() => void showToast('Added to the cart', 'success'));
      act(() => void showToast(full, 'error'));
      act(() => jest.advanceTimersByTime(3000));
      act(() => void showToast(full, 'error'));
      act(() => void showToast(full, 'error'));
      expect(shown()).toEqual(['Added to the cart', full]);
      // the first "full" would have closed at 5000 ms: the last one, at 3000 ms, keeps it until 8000 ms
      act(() => jest.advanceTimersByTime(2000));
      expect(shown()).toEqual([full]);
      act(() => jest.advanceTimersByTime(2999));
      expect(shown()).toEqual([full]);
      act(() => jest.advanceTimersByTime(1));
      expect(shown()).toEqual([]);
      // a third message pushes out the oldest
      act(() => void showToast('One'));
      act(() => void showToast('Two'));
      act(() => void showToast('Three'));
      expect(shown()).toEqual(['Two', 'Three']);
      // the same words of another kind are another message
      act(() => void showToast('Three', 'error'));
      expect(shown()).toEqual(['Three', 'Three']);
    });

    it('show away from the tap that brought them, and let taps around them through to the page', () => {
      const style = document.createElement('style');
      style.textContent = designCss;
      document.head.appendChild(style);
      render(<ToastViewport closeLabel="Close" />);
      const viewport = () => screen.getByRole('status');
      const tapAt = (clientY: number) => document.body.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, clientY }));
      // a Buy button low on the screen (jsdom's window is 768 px tall): the message goes to the top
      tapAt(700);
      act(() => void showToast('Added to the cart', 'success'));
      expect(viewport().dataset.place).toBe('top');
      // one high on the screen: at the bottom
      act(() => jest.advanceTimersByTime(2000));
      tapAt(120);
      act(() => void showToast('Saved'));
      expect(viewport().dataset.place).toBe('bottom');
      // by keyboard: the focused button's place counts
      act(() => jest.advanceTimersByTime(2000));
      const buy = document.createElement('button');
      document.body.appendChild(buy);
      buy.getBoundingClientRect = () => ({ top: 600, bottom: 644, left: 0, right: 100, width: 100, height: 44, x: 0, y: 600, toJSON: () => ({}) });
      buy.focus();
      act(() => void showToast('Added to the cart', 'success'));
      expect(viewport().dataset.place).toBe('top');
      act(() => void showToast('Saved'));
      buy.remove();
      // the newer one closed by a tap high on the screen: the one left stays where it is
      tapAt(100);
      act(() => screen.getAllByRole('button', { name: 'Close' }).at(-1)!.click());
      expect(screen.getAllByTestId('toast')).toHaveLength(1);
      expect(viewport().dataset.place).toBe('top');
      // the column of toasts lets taps through; a toast itself does not pass them on to what it covers
      expect(getComputedStyle(viewport()).pointerEvents).toBe('none');
      expect(getComputedStyle(screen.getAllByTestId('toast')[0]!).pointerEvents).toBe('auto');
      style.remove();
    });
  });
  it('an i18n instance follows the language atom', () => {
    setLanguage('uz');
    const i18n = createI18n('demo', { uz: { hi: 'Salom' }, ru: { hi: 'Привет' }, en: { hi: 'Hello' } });
    expect(i18n.t('hi')).toBe('Salom');
    setLanguage('en');
    expect(i18n.t('hi')).toBe('Hello');
    expect(i18n.t('common:empty.search')).toBe('Nothing found');
  });
});

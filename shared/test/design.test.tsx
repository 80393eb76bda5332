import { render, screen, fireEvent } from '@testing-library/react';
import { act, useState } from 'react';
import { Button, Dialog, Price, ToastViewport, showToast, setLanguage, createI18n } from '../src';

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
  it('an i18n instance follows the language atom', () => {
    setLanguage('uz');
    const i18n = createI18n('demo', { uz: { hi: 'Salom' }, ru: { hi: 'Привет' }, en: { hi: 'Hello' } });
    expect(i18n.t('hi')).toBe('Salom');
    setLanguage('en');
    expect(i18n.t('hi')).toBe('Hello');
    expect(i18n.t('common:empty.search')).toBe('Nothing found');
  });
});

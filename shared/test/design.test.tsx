import { render, screen, fireEvent } from '@testing-library/react';
import { act } from 'react';
import { Button, Dialog, Price, ToastViewport, showToast, setLanguage, createI18n } from '../src';

describe('design system', () => {
  it('Price follows the language atom', () => {
    setLanguage('en');
    render(<Price amount={1250000} />);
    expect(screen.getByText('1,250,000\u00a0UZS', { normalizer: (s) => s })).toBeTruthy();
    act(() => setLanguage('ru'));
    expect(screen.getByText('1\u00a0250\u00a0000\u00a0сум', { normalizer: (s) => s })).toBeTruthy();
  });
  it('Dialog closes on Escape', () => {
    const onClose = jest.fn();
    render(
      <Dialog open title="T" onClose={onClose} closeLabel="Close">
        <Button>ok</Button>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'T' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
  it('toasts close themselves after 5000 ms', () => {
    jest.useFakeTimers();
    render(<ToastViewport closeLabel="Close" />);
    act(() => void showToast('Saved'));
    expect(screen.getByText('Saved')).toBeTruthy();
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

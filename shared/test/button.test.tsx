import { fireEvent, render, screen } from '@testing-library/react';
import { Button } from '../src';

describe('Button', () => {
  it('ignores a press while aria-disabled: no onClick, the click is cancelled', () => {
    const onClick = jest.fn();
    render(
      <>
        <Button aria-disabled onClick={onClick}>
          boolean
        </Button>
        <Button aria-disabled="true" onClick={onClick}>
          string
        </Button>
      </>,
    );
    // fireEvent returns false when the event's default action was prevented
    expect(fireEvent.click(screen.getByRole('button', { name: 'boolean' }))).toBe(false);
    expect(fireEvent.click(screen.getByRole('button', { name: 'string' }))).toBe(false);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('submits no form while aria-disabled, neither by a press nor by Enter in a field', () => {
    const onSubmit = jest.fn((e: { preventDefault(): void }) => e.preventDefault());
    const onClick = jest.fn();
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <input aria-label="Phone" />
        <Button type="submit" aria-disabled onClick={onClick}>
          Save
        </Button>
      </form>,
    );
    const field = screen.getByLabelText('Phone');
    const save = screen.getByRole('button', { name: 'Save' });
    field.focus();
    // Enter in a field submits a form by a click on its submit button (HTML's implicit submission, which
    // jsdom does not do on its own): the keydown, then that click
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.click(save);
    fireEvent.click(save);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onClick).not.toHaveBeenCalled();
    // no longer busy: the same click submits the form
    rerender(
      <form onSubmit={onSubmit}>
        <input aria-label="Phone" />
        <Button type="submit" aria-disabled={false} onClick={onClick}>
          Save
        </Button>
      </form>,
    );
    fireEvent.click(save);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('passes a press on to onClick when it is not aria-disabled, and never submits a form by default', () => {
    const onClick = jest.fn();
    const onSubmit = jest.fn((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button variant="secondary" onClick={onClick}>
          More
        </Button>
      </form>,
    );
    const more = screen.getByRole('button', { name: 'More' });
    expect(more.className).toBe('bz-btn bz-btn--secondary');
    expect(fireEvent.click(more)).toBe(true);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

// The pictures editor with the keyboard: removing a picture leaves the focus on the remove button now in
// its place (or the file field when none is left) and says what happened.
import { IMAGE_BATCH_BYTES, imageBatches } from '../src/api/catalog';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { PicturesEditor, type PictureItem } from '../src/components/products/PicturesEditor';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../src/i18n';
import { resetApp } from './support';

beforeEach(resetApp);

function Editor({ start }: { start: PictureItem[] }) {
  const [items, setItems] = useState(start);
  return <PicturesEditor items={items} readOnly={false} onAdd={() => undefined} onMove={() => undefined} onRemove={(i) => setItems((list) => list.filter((_, j) => j !== i))} />;
}

const pic = (n: number): PictureItem => ({ key: `k${n}`, url: `/media/${n}.webp`, alt: `Picture ${n}` });

it('after a removal the focus stays in the list, then goes to the file field', () => {
  render(
    <I18nextProvider i18n={i18n}>
      <Editor start={[pic(1), pic(2)]} />
    </I18nextProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Remove picture 1' }));
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove picture 1' }));
  expect(screen.getByRole('status').textContent).toBe('Picture 1 removed');
  fireEvent.click(screen.getByRole('button', { name: 'Remove picture 1' }));
  expect(document.activeElement).toBe(screen.getByTestId('picture-input'));
});

describe('pictures sent in batches the gateway takes', () => {
  const file = (name: string, mib: number) => new File([new Uint8Array(mib * 1024 * 1024)], name, { type: 'image/jpeg' });

  it('keeps their order and puts at most 48 MiB in one upload', () => {
    const batches = imageBatches([file('a', 10), file('b', 10), file('c', 10), file('d', 10), file('e', 9), file('f', 1), file('g', 3)]);
    expect(batches.map((b) => b.map((f) => f.name).join(''))).toEqual(['abcd', 'efg']);
    expect(batches.every((b) => b.reduce((n, f) => n + f.size, 0) <= IMAGE_BATCH_BYTES)).toBe(true);
  });
});

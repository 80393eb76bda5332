import { LABELS_OPEN, MARKING_CODE, labelsError, labelsProblem, linesWithoutLabels } from './marking.js';

const CODE = '04780069000130aB!"%&1';

describe('fiscal marking codes', () => {
  test('a code is a 14-digit GTIN and a 7-character serial', () => {
    expect(MARKING_CODE.test(CODE)).toBe(true);
    expect(MARKING_CODE.test('0478006900013012345_?')).toBe(true);
    expect(MARKING_CODE.test('0478006900013')).toBe(false);
    expect(MARKING_CODE.test(`${CODE}x`)).toBe(false);
    expect(MARKING_CODE.test('0478006900013X1234567')).toBe(false);
    expect(MARKING_CODE.test('04780069000130aB cdef')).toBe(false);
    expect(MARKING_CODE.test('04780069000130aB\u001dcdef')).toBe(false);
    expect(MARKING_CODE.test('04780069000130абвгдеж')).toBe(false);
  });

  test('a marked line needs one valid, distinct code per unit; an unmarked line none', () => {
    expect(labelsProblem({ marked: false, quantity: 2 }, [])).toBeNull();
    expect(labelsProblem({ marked: false, quantity: 1 }, [CODE])).toBe('not_marked');
    expect(labelsProblem({ marked: true, quantity: 2 }, [CODE])).toBe('count');
    expect(labelsProblem({ marked: true, quantity: 2 }, [CODE, CODE])).toBe('duplicate');
    expect(labelsProblem({ marked: true, quantity: 1 }, ['not-a-code']) ).toBe('format');
    expect(labelsProblem({ marked: true, quantity: 2 }, [CODE, '0478006900013012345_?'])).toBeNull();
  });

  test('the 422 names the whole set and, for a bad or repeated code, that unit', () => {
    const line = { marked: true, quantity: 3 };
    expect(labelsError(line, [CODE, 'x', CODE], 'format').options).toMatchObject({ fields: { labels: 'labels_format', 'labels.1': 'labels_format' }, extra: { problem: 'format', quantity: 3 } });
    expect(labelsError(line, [CODE, '0478006900013012345_?', CODE], 'duplicate').options.fields).toEqual({ labels: 'labels_duplicate', 'labels.2': 'labels_duplicate' });
    expect(labelsError(line, [CODE], 'count').options.fields).toEqual({ labels: 'labels_count' });
    expect(labelsError({ marked: false, quantity: 1 }, [CODE], 'not_marked').options).toMatchObject({ fields: { labels: 'labels_not_marked' }, extra: { quantity: 0 } });
  });

  test('codes may change only while the goods are in the shop', () => {
    expect(LABELS_OPEN).toEqual(['new', 'confirmed', 'assembling', 'ready_for_pickup']);
  });

  test('a marked line without one code per unit is still to scan', () => {
    const lines = [
      { id: 1, marked: true, quantity: 2, labels: [] },
      { id: 2, marked: true, quantity: 1, labels: ['04780069000130aB!"%&1'] },
      { id: 3, marked: false, quantity: 4, labels: [] },
    ];
    expect(linesWithoutLabels(lines).map((l) => l.id)).toEqual([1]);
  });
});

import { MARKING_CODE, labelsProblem } from './marking.js';

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
});

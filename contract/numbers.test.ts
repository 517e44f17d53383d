import { describe, expect, it } from 'vitest';
import {
  count,
  figure,
  fileSize,
  money,
  parseMoney,
  percent,
  printedMoney,
  rate,
  score,
  share,
  units,
} from '#contract/numbers';

const nbsp = '\u00a0';

describe('numbers as people read them (decision 050)', () => {
  it('writes figures in South African English, thousands apart by a non-breaking space', () => {
    expect(figure(0)).toBe('0');
    expect(figure(12345)).toBe(`12${nbsp}345`);
    expect(figure(2.5)).toBe('2,5');
    expect(figure(9007199254740993n)).toBe('9007199254740993');
  });

  it('says one in the singular and any other number in the plural, with the figure formatted', () => {
    expect(count(1, 'learner')).toBe('1 learner');
    expect(count(0, 'learner')).toBe('0 learners');
    expect(count(3, 'learner is', 'learners are')).toBe('3 learners are');
    expect(count(20000, 'country', 'countries')).toBe(`20${nbsp}000 countries`);
    expect(count(1n, 'character')).toBe('1 character');
  });

  it('gives percentages as a number for a bar and as text to read, with a dash when there is no whole', () => {
    expect(share(1, 3)).toBe(33);
    expect(share(2, 3)).toBe(67);
    expect(share(5, 0)).toBe(0);
    expect(percent(1, 3)).toBe('33 %');
    expect(percent(0, 0)).toBe('–');
    expect(rate(1500)).toBe('15 %');
    expect(rate(1550)).toBe('15,5 %');
  });

  it('prints scores whole or to one decimal', () => {
    expect(score(30)).toBe('30');
    expect(score(87.54)).toBe('87.5');
  });

  it('writes money on a screen with Intl and on paper in plain ASCII', () => {
    expect(money(123450)).toBe(`R${nbsp}1${nbsp}234,50`);
    expect(money(-5, 'USD')).toBe('-US$0,05');
    expect(printedMoney(105000, 'ZAR')).toBe('R 1 050.00');
    expect(printedMoney(-123456789, 'ZAR')).toBe('-R 1 234 567.89');
    expect(printedMoney(5, 'USD')).toBe('USD 0.05');
    expect(units(123450)).toBe(1234.5);
  });
});

describe('file sizes and typed money', () => {
  it('writes a size in kilobytes, at least one, then megabytes', () => {
    expect(fileSize(10)).toBe('1 KB');
    expect(fileSize(300 * 1024)).toBe('300 KB');
    expect(fileSize(5.25 * 1024 * 1024)).toBe('5.3 MB');
  });

  it('reads rands as a person types them', () => {
    expect(parseMoney('R 1 234,50')).toBe(123450);
    expect(parseMoney('1234.5')).toBe(123450);
    expect(parseMoney('-10')).toBe(-1000);
    expect(parseMoney('ten')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { articleFor, withArticle } from './article';
import { catalogueChartCodes } from '../clinical/vocabulary';
import { defaultFindings } from '../clinical/findings';

// UI-13: "a" or "an" from how the word is said.

describe('withArticle', () => {
  it('writes "an" before a vowel sound and "a" before a consonant sound', () => {
    expect(withArticle('implant')).toBe('an implant');
    expect(withArticle('extraction')).toBe('an extraction');
    expect(withArticle('abscess')).toBe('an abscess');
    expect(withArticle('crown')).toBe('a crown');
    expect(withArticle('bridge')).toBe('a bridge');
    expect(withArticle('pending')).toBe('a pending');
  });

  it('capitalises the article at the start of a message', () => {
    expect(withArticle('implant', { sentenceStart: true })).toBe('An implant');
    expect(withArticle('crown', { sentenceStart: true })).toBe('A crown');
  });

  it('hears a vowel letter said as a consonant, and a silent h', () => {
    expect(withArticle('unit')).toBe('a unit');
    expect(withArticle('user')).toBe('a user');
    expect(withArticle('one-visit crown')).toBe('a one-visit crown');
    expect(withArticle('unerupted tooth')).toBe('an unerupted tooth');
    expect(withArticle('hour')).toBe('an hour');
    expect(withArticle('hygienist')).toBe('a hygienist');
  });

  it('says initialisms and x-rays letter by letter', () => {
    expect(withArticle('rct')).toBe('an rct');
    expect(withArticle('RCT')).toBe('an RCT');
    expect(withArticle('MOD')).toBe('an MOD');
    expect(withArticle('GIC')).toBe('a GIC');
    expect(withArticle('rvg')).toBe('an rvg');
    expect(withArticle('x-ray')).toBe('an x-ray');
    expect(withArticle('xray')).toBe('an xray');
    expect(withArticle('iopa')).toBe('an iopa');
  });

  it('reads numbers as they are said', () => {
    expect(articleFor('8-unit bridge')).toBe('an');
    expect(articleFor('18% item')).toBe('an');
    expect(articleFor('11')).toBe('an');
    expect(articleFor('5-year plan')).toBe('a');
    expect(articleFor('110')).toBe('a');
  });

  it('gives every name of the chart\'s own vocabulary its article', () => {
    const names = [...Object.values(catalogueChartCodes), ...defaultFindings].map((c) => c.names[0]);
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(withArticle(name)).toMatch(/^an? /);
    expect(names.filter((n) => articleFor(n) === 'an')).toEqual(expect.arrayContaining(['implant', 'extraction', 'rct']));
  });
});

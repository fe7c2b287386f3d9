import { describe, expect, it } from 'vitest';
import { localizePath, splitLangPath } from './types';

describe('language paths', () => {
  it('prefix Marathi and Hindi, leave English as it was', () => {
    expect(localizePath('en', '/about')).toBe('/about');
    expect(localizePath('mr', '/about')).toBe('/mr/about');
    expect(localizePath('hi', '/')).toBe('/hi');
    expect(localizePath('mr', '/contact#book')).toBe('/mr/contact#book');
  });

  it('read the language from a path', () => {
    expect(splitLangPath('/mr')).toEqual({ lang: 'mr', path: '/' });
    expect(splitLangPath('/mr/treatments/crown')).toEqual({ lang: 'mr', path: '/treatments/crown' });
    expect(splitLangPath('/hi/')).toEqual({ lang: 'hi', path: '/' });
    expect(splitLangPath('/mrs')).toEqual({ lang: 'en', path: '/mrs' });
    expect(splitLangPath('/about')).toEqual({ lang: 'en', path: '/about' });
  });
});

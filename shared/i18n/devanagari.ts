// I18N-4: the characters the public pages' Devanagari fonts draw (their @font-face unicode-range); the
// browser draws every other character (Latin, digits, punctuation) in the system font.

export const DEVANAGARI_UNICODE_RANGE = 'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20B9,U+25CC,U+A830-A839,U+A8E0-A8FF';

/** A run of characters the Devanagari font draws (the browser shapes each such run with that font). */
export const DEVANAGARI_RUN = /[\u0900-\u097F\u1CD0-\u1CF9\u200C-\u200D\u20B9\u25CC\uA830-\uA839\uA8E0-\uA8FF]+/g;

// UI-13: a message that puts "a" or "an" before a name (a treatment, a status, a kind of message) picks the
// article from how the word is said, here and nowhere else: "an implant", "a crown", "an RCT", "an x-ray",
// "a unit", "an hour". The names come from lists the owner can extend, so no message writes "A ${name}".

/** Words that start with a vowel letter but a consonant sound ("a unit", "a one-visit crown", "a euro"). */
const VOWEL_LETTER_CONSONANT_SOUND = /^(?:uni(?!n)|use|usu|uti|ure|uro|ufo|eu|ewe|one\b|one-|once)/;
/** Words that start with a silent h ("an hour", "an honest"). */
const SILENT_H = /^(?:hour|honest|honou?r|heir)/;
/** Letters whose spoken names start with a vowel sound: an initialism starting with one takes "an" ("an RCT"). */
const VOWEL_SOUND_LETTERS = 'aefhilmnorsx';

/** Said letter by letter: written in capitals ("RCT", "IOPA") or a short lower-case word with no vowel ("rct", "rvg"). */
function isInitialism(word: string): boolean {
  const letters = word.replace(/[^A-Za-z]/g, '');
  if (letters.length < 2) return letters.length === 1;
  return /^[A-Z]+$/.test(letters) || (letters.length <= 5 && /^[b-df-hj-np-tv-xz]+$/i.test(letters));
}

/** 'an' or 'a' for the word as it is said. */
export function articleFor(word: string): 'a' | 'an' {
  const w = word.trim();
  const first = /[A-Za-z0-9][\w-]*/.exec(w)?.[0] ?? '';
  if (!first) return 'a';
  // Numbers said "eight...", "eleven", "eighteen".
  if (/^\d/.test(first)) return /^(?:8|11(?!\d)|18(?!\d))/.test(first) ? 'an' : 'a';
  const lower = first.toLowerCase();
  if (isInitialism(first)) return VOWEL_SOUND_LETTERS.includes(lower[0]) ? 'an' : 'a';
  // "x-ray", "xray": said "ex-ray".
  if (/^x(?:-|ray)/.test(lower)) return 'an';
  if (SILENT_H.test(lower)) return 'an';
  if (VOWEL_LETTER_CONSONANT_SOUND.test(lower)) return 'a';
  return /^[aeiou]/.test(lower) ? 'an' : 'a';
}

/**
 * The word with its indefinite article: withArticle('implant') is 'an implant', withArticle('crown') 'a crown'.
 * `{ sentenceStart: true }` capitalises the article for the start of a message: 'An implant'.
 */
export function withArticle(word: string, { sentenceStart = false }: { sentenceStart?: boolean } = {}): string {
  const article = articleFor(word);
  return `${sentenceStart ? article[0].toUpperCase() + article.slice(1) : article} ${word}`;
}

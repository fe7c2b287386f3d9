import { fmt } from './types';
import { validationMessages } from './validation-en';

// I18N-5: the shared zod schemas and the server speak English (their messages are the API's, unchanged).
// The booking form shows each message in the visitor's language: it finds the English message among the
// templates of validation-en.ts (placeholders match the numbers in it) and fills the same template in the
// visitor's catalogue. English, and any message not known here, comes back exactly as it was.

type Key = keyof typeof validationMessages;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const matchers: { key: Key; re: RegExp; names: string[] }[] = (Object.keys(validationMessages) as Key[]).map((key) => {
  const template: string = validationMessages[key];
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (!m) return escapeRe(part);
      names.push(m[1]);
      return '(\\d+)';
    })
    .join('');
  return { key, re: new RegExp(`^${source}$`), names };
});

export function translateMessage(message: string, translations: Readonly<Record<Key, string>>): string {
  for (const { key, re, names } of matchers) {
    const m = re.exec(message);
    if (!m) continue;
    const values = Object.fromEntries(names.map((n, i) => [n, m[i + 1]]));
    return fmt(translations[key], values);
  }
  return message;
}

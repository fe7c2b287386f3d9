import { productSources } from '../../../scripts/product-sources';

// ADMIN-26: every action, kind of record and field the product's code writes to the audit trail, found by
// reading the code (api/, not its tests): each call of audit(), auditRead() and auditExport(). The label test
// (api/test/security/audit-labels.test.ts) asks shared/domain/audit-text.ts for a label of each.

export interface AuditCall {
  /** 'api/services/x.ts:42' */
  where: string;
  actions: string[];
  entities: string[];
  /** Fields named in the call's changes ({ field: { old, new } }); changedFields() calls name theirs by the record. */
  fields: string[];
  /** The call builds its changes with changedFields(): its fields are the record's columns. */
  fromRecord: boolean;
}

/** The text of the call that opens at `start` (the index of its '('), to its matching ')'. */
function callText(text: string, start: number): string {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(start, i + 1);
  }
  return text.slice(start);
}

/** The keys of an object literal's text: 'a: 1, b, c: f(x)' -> a, b, c. */
const objectKeys = (body: string) => [...body.matchAll(/(?:^|,)\s*(\w+)\s*(?=[:,]|$)/g)].map((m) => m[1]);

const literals = (s: string) => [...s.matchAll(/'([a-z][a-z0-9-]*)'/g)].map((m) => m[1]);

/** The literals a variable named `name` may hold: its `const name = ...;` or a parameter typed `name: 'a' | 'b'`. */
function variableValues(text: string, name: string): string[] {
  const declared = new RegExp(`const ${name}\\b[^=]*=([^;]*);`).exec(text);
  if (declared) return literals(declared[1]);
  const typed = new RegExp(`\\b${name}\\??: ((?:'[a-z0-9-]+'\\s*\\|?\\s*)+)`).exec(text);
  return typed ? literals(typed[1]) : [];
}

function valuesOf(call: string, text: string, key: 'action' | 'entity'): string[] {
  const literal = new RegExp(`\\b${key}: '([a-z][a-z0-9-]*)'`).exec(call);
  if (literal) return [literal[1]];
  const variable = new RegExp(`\\b${key}(?:: (\\w+))?\\s*[,}\\n]`).exec(call);
  if (variable) return variableValues(text, variable[1] ?? key);
  return [];
}

/** Every audit call of the product's code. */
export function auditCalls(): AuditCall[] {
  const out: AuditCall[] = [];
  for (const { file, text } of productSources(['api'])) {
    if (file === 'api/platform/audit.ts') continue;
    for (const m of text.matchAll(/\b(audit|auditRead|auditExport)\(/g)) {
      const call = callText(text, m.index! + m[1].length);
      const where = `${file}:${text.slice(0, m.index).split('\n').length}`;
      const fields = [...call.matchAll(/\b(\w+): \{ old\b/g)].map((f) => f[1]);
      // changedFields({ a, b: x }, ...): the literal's keys; a `changes` built beforehand: its `changes.key =`.
      for (const literal of call.matchAll(/changedFields\(\s*\{([^{}]*)\}/g)) fields.push(...objectKeys(literal[1]));
      if (/\bchanges\s*[,}]/.test(call)) fields.push(...[...text.matchAll(/\bchanges\.(\w+) = /g)].map((f) => f[1]));
      const fromRecord = /changedFields\((?!\s*\{)/.test(call);
      if (m[1] === 'auditRead') {
        const [, action] = /^\(\s*[\w.]+,\s*'([a-z0-9-]+)'/.exec(call) ?? [];
        const what = /\{([^{}]*)\}\s*\)$/.exec(call);
        out.push({ where, actions: action ? [action] : [], entities: ['patient'], fields: what ? [...what[1].matchAll(/(\w+):/g)].map((f) => f[1]) : [], fromRecord: false });
      } else if (m[1] === 'auditExport') {
        const what = /what: \{([^{}]*)\}/.exec(call);
        const keys = what ? [...what[1].matchAll(/(?:^|,)\s*(?:\.\.\.\w+\([^)]*\)|(\w+))/g)].map((f) => f[1]).filter(Boolean) : [];
        out.push({ where, actions: ['export'], entities: valuesOf(call, text, 'entity'), fields: keys, fromRecord: false });
      } else {
        out.push({ where, actions: valuesOf(call, text, 'action'), entities: valuesOf(call, text, 'entity'), fields, fromRecord });
      }
    }
  }
  return out;
}

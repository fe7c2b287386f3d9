// The conformance suite's titles (docs/requirements.md, "The conformance suite"). Every test in
// api/test/spec/ and site/e2e/spec/ is titled by one of these two, and `npm run lint`
// (scripts/check-spec-conformance.ts) reads the titles back from the source: a quote that is not word for word
// in docs/spec/SPEC.md (or, for a ruling, docs/spec/DECISIONS.md) fails the build, so an expectation cannot move
// away from the specification without the ruling that moved it being named beside it.

/** 'SPEC 1' ... 'SPEC 9': a numbered section of docs/spec/SPEC.md. */
export type SpecSection = `SPEC ${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`;
/** 'D1' ... : a ruling of docs/spec/DECISIONS.md. */
export type RulingId = `D${number}`;

/**
 * A test's title: the section, the statement it holds quoted word for word (fragments of one statement may be
 * joined by ' … '), and the rulings that change what the statement shows, when some do.
 * spec('SPEC 9', 'Booking time slots: 10:00, 11:00') -> 'SPEC 9 "Booking time slots: 10:00, 11:00"'
 */
export function spec(section: SpecSection, quote: string, ...rulings: RulingId[]): string {
  return `${section} "${quote}"${rulings.length ? ` (${rulings.join(', ')})` : ''}`;
}

/** A test of a ruling that adds to what SPEC.md shows, quoting the ruling's own words. */
export function ruling(id: RulingId, quote: string): string {
  return `${id} "${quote}"`;
}

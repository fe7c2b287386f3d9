import type { ChartCode } from './chart-command';
import type { DrawAs } from './chart-state';

// CHART-7: the codes the chart knows, as the server hands them to parseChartCommand and the chart draws
// them: the price list's procedures (each row of the price list may carry one chart code) and the findings.

export const drawKinds = ['surface', 'crown', 'root', 'extraction', 'implant', 'bridge', 'missing', 'mark'] as const satisfies readonly DrawAs[];

/** A code of the chart: what the parser reads, plus how the odontogram draws it. */
export interface ChartVocabularyCode extends ChartCode {
  draw: DrawAs;
}

/** A chart code is short, lower case: 'rct', 'composite', 'surgical-extraction'. */
export const CHART_CODE_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

type ProcedureCode = Omit<ChartVocabularyCode, 'kind'>;

/**
 * The chart codes of the catalogue's treatments (shared/constants/treatments.ts), by the price list row's
 * name, which migration 030 gives them. Names are what a dentist types; none is a status word, and none
 * is made of surface letters only (the bar would read `36 FPD` as a code, not as surfaces).
 */
export const catalogueChartCodes: Record<string, ProcedureCode> = {
  'Tooth Extraction': { code: 'extraction', names: ['extraction', 'ext', 'extract', 'tooth extraction'], draw: 'extraction' },
  'Dental Crown': { code: 'crown', names: ['crown', 'cap'], draw: 'crown' },
  Dentures: { code: 'denture', names: ['denture', 'dentures'], draw: 'mark', spansTeeth: true },
  Veneers: { code: 'veneer', names: ['veneer', 'veneers'], draw: 'surface', takesSurfaces: true },
  'Bridges & Implants': { code: 'implant', names: ['implant', 'bridges & implants'], draw: 'implant' },
  'Teeth Whitening': { code: 'whitening', names: ['whitening', 'bleaching'], draw: 'mark', spansTeeth: true },
  'Wisdom Tooth Removal': { code: 'surgical-extraction', names: ['surgical extraction', 'wisdom tooth removal', 'odontectomy'], draw: 'extraction' },
  'Teeth Cleaning': { code: 'scaling', names: ['scaling', 'cleaning', 'scaling and polishing', 'prophylaxis'], draw: 'mark', spansTeeth: true },
  'Dental Restoration': { code: 'restoration', names: ['restoration', 'gic', 'amalgam'], draw: 'surface', takesSurfaces: true },
  Braces: { code: 'braces', names: ['braces', 'orthodontic'], draw: 'mark', spansTeeth: true },
  'Dental Bonding': { code: 'bonding', names: ['bonding'], draw: 'surface', takesSurfaces: true },
  'Fluoride Treatment': { code: 'fluoride', names: ['fluoride', 'fluoride varnish'], draw: 'mark', spansTeeth: true },
  Invisalign: { code: 'aligners', names: ['aligners', 'invisalign', 'clear aligners'], draw: 'mark', spansTeeth: true },
  'Root Canal Treatment': { code: 'rct', names: ['rct', 'root canal', 'root canal treatment', 'endo'], draw: 'root' },
  'Dental Fillings': { code: 'composite', names: ['composite', 'filling', 'fillings'], draw: 'surface', takesSurfaces: true },
  'Dental Sealants': { code: 'sealant', names: ['sealant', 'sealants'], draw: 'surface', takesSurfaces: true },
  'Fissure Sealants': { code: 'fissure-sealant', names: ['fissure sealant', 'fissure sealants', 'pit and fissure sealant'], draw: 'surface', takesSurfaces: true },
  'Gum Disease Treatment': { code: 'perio', names: ['perio', 'root planing', 'curettage', 'gum treatment'], draw: 'mark', spansTeeth: true },
  'Digital X-Ray': { code: 'xray', names: ['xray', 'x-ray', 'iopa', 'rvg'], draw: 'mark' },
  'Smile Design': { code: 'smile-design', names: ['smile design'], draw: 'mark', spansTeeth: true },
  // Not a catalogue treatment of its own (the catalogue sells bridges and implants as one): migration 030
  // adds this row, priced as the catalogue's bridges, so a bridge can be charted and billed.
  'Dental Bridge': { code: 'bridge', names: ['bridge'], draw: 'bridge', spansTeeth: true },
};

/** The price list row migration 030 adds for bridges (see catalogueChartCodes). */
export const BRIDGE_PRICE_ROW = { name: 'Dental Bridge', catalogueName: 'Bridges & Implants' } as const;

/** How the chart draws a code of the vocabulary; an unknown code (a price list row since deleted) is a mark. */
export function drawOfCode(vocabulary: readonly ChartVocabularyCode[]): (code: string) => DrawAs {
  const draws = new Map(vocabulary.map((c) => [c.code, c.draw]));
  return (code) => draws.get(code) ?? 'mark';
}

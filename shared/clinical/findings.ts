import type { ChartVocabularyCode } from './vocabulary';

// CHART-3: the findings a clinic starts with; the owner adds more. Each is a condition on a tooth, drawn on
// the chart in the finding colour (caries and fractures on their surfaces; missing teeth left out).
export const defaultFindings: ChartVocabularyCode[] = [
  { code: 'caries', kind: 'finding', names: ['caries', 'decay', 'cavity'], takesSurfaces: true, draw: 'surface' },
  { code: 'fracture', kind: 'finding', names: ['fracture', 'fractured', 'broken'], takesSurfaces: true, draw: 'surface' },
  { code: 'missing', kind: 'finding', names: ['missing', 'absent'], draw: 'missing' },
  { code: 'mobility', kind: 'finding', names: ['mobility', 'mobile', 'loose'], draw: 'mark' },
  { code: 'periapical', kind: 'finding', names: ['periapical lesion', 'periapical', 'abscess'], draw: 'root' },
  { code: 'impacted', kind: 'finding', names: ['impacted'], draw: 'mark' },
  { code: 'wear', kind: 'finding', names: ['wear', 'attrition', 'erosion'], takesSurfaces: true, draw: 'surface' },
  { code: 'recession', kind: 'finding', names: ['recession'], draw: 'mark' },
];

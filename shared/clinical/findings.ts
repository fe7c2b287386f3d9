import type { ChartCode } from './chart-command';

// CHART-3: the findings a clinic starts with; the owner adds more. Each is a condition on a tooth, drawn on
// the chart in the finding colour (caries and fractures on their surfaces; missing teeth left out).
export const defaultFindings: ChartCode[] = [
  { code: 'caries', kind: 'finding', names: ['caries', 'decay', 'cavity'], takesSurfaces: true },
  { code: 'fracture', kind: 'finding', names: ['fracture', 'fractured', 'broken'], takesSurfaces: true },
  { code: 'missing', kind: 'finding', names: ['missing', 'absent'] },
  { code: 'mobility', kind: 'finding', names: ['mobility', 'mobile', 'loose'] },
  { code: 'periapical', kind: 'finding', names: ['periapical lesion', 'periapical', 'abscess'] },
  { code: 'impacted', kind: 'finding', names: ['impacted'] },
  { code: 'wear', kind: 'finding', names: ['wear', 'attrition', 'erosion'], takesSurfaces: true },
  { code: 'recession', kind: 'finding', names: ['recession'] },
];

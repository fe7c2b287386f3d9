import { Button, Modal, Select } from 'antd';
import type { KeyboardEvent } from 'react';
import { geometryOf, mapSides, surfaceAtSide, surfaceFacing, surfaceLetter, surfaceName, type MapSide, type Surface } from '../../../../../../shared/clinical/surface-geometry';
import type { ChartVocabulary } from '../../../../../../shared/schemas/clinical-item';
import { mapPolygon } from './odontogram';

// UI-14: the enlarged tooth picker. On a touch screen (or a phone) a tooth's surfaces on the odontogram are
// a few pixels wide, too small for a finger; tapping a tooth opens this picker instead: the tooth's five-
// surface map drawn large, plus the cervical band, every target at least 24 px (WCAG 2.5.8), each region
// where the one surface table puts it (CHART-19) and labelled with its letter on this tooth and the side of
// the mouth it faces; then the finding or treatment, which writes into the command bar.

const O = 44;
const I = 18;
const BAND = 16;

const faceWords: Record<string, string> = {
  lips: 'lip side',
  cheek: 'cheek side',
  tongue: 'tongue side',
  palate: 'palate side',
  midline: 'towards the midline',
  'away from the midline': 'away from the midline',
  'biting edge': 'biting edge',
  'biting surface': 'biting surface',
  gum: 'at the gum',
};

/** "L, lingual, tongue side": a surface's letter, name and side on this tooth. */
export const surfaceWords = (tooth: string, surface: Surface): string => `${surfaceLetter(tooth, surface)}, ${surfaceName(tooth, surface)}, ${faceWords[surfaceFacing(tooth, surface)]}`;

const labelAt: Record<Exclude<MapSide, 'centre'>, { x: number; y: number }> = {
  top: { x: 0, y: -(O + I) / 2 },
  bottom: { x: 0, y: (O + I) / 2 },
  left: { x: -(O + I) / 2, y: 0 },
  right: { x: (O + I) / 2, y: 0 },
};

export interface PickerMapProps {
  tooth: string;
  chosen: readonly Surface[];
  onToggle?: (surface: Surface) => void;
}

/** The large surface map of one tooth, as the odontogram draws it (the same sides), with the cervical band on the lip or cheek side. */
export function PickerMap({ tooth, chosen, onToggle }: PickerMapProps) {
  const vestibularTop = geometryOf(tooth).vestibularSide === 'top';
  const bandY = vestibularTop ? -O - 4 - BAND : O + 4;
  const outerLabelY = vestibularTop ? -O - 4 - BAND - 5 : O + 4 + BAND + 12;
  const innerLabelY = vestibularTop ? O + 12 : -O - 5;
  const region = (surface: Surface) => ({
    role: 'button',
    tabIndex: 0,
    'aria-pressed': chosen.includes(surface),
    'aria-label': surfaceWords(tooth, surface),
    'data-surface': surface,
    className: `picker-surface${chosen.includes(surface) ? ' chosen' : ''}`,
    onClick: () => onToggle?.(surface),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        onToggle?.(surface);
      }
    },
  });
  const facingWord = (surface: Surface) => faceWords[surfaceFacing(tooth, surface)].replace(' side', '');
  return (
    <svg className="picker-map" viewBox="-84 -86 168 172" role="group" aria-label={`Surfaces of tooth ${tooth}`}>
      {mapSides.map((side) => {
        const sf = surfaceAtSide(tooth, side);
        const at = side === 'centre' ? { x: 0, y: 0 } : labelAt[side];
        return (
          <g key={sf} {...region(sf)} data-side={side}>
            <polygon points={mapPolygon(side, O, I)} />
            <text x={at.x} y={at.y + 6} textAnchor="middle" aria-hidden="true">
              {surfaceLetter(tooth, sf)}
            </text>
          </g>
        );
      })}
      <g {...region('C')} data-side={vestibularTop ? 'top' : 'bottom'}>
        <rect x={-O} y={bandY} width={O * 2} height={BAND} rx={4} />
        <text x={0} y={bandY + BAND / 2 + 4.5} textAnchor="middle" className="picker-band-text" aria-hidden="true">
          C cervical
        </text>
      </g>
      <text className="picker-side" x={0} y={outerLabelY} textAnchor="middle" aria-hidden="true">
        {facingWord('B')}
      </text>
      <text className="picker-side" x={0} y={innerLabelY} textAnchor="middle" aria-hidden="true">
        {facingWord('L')}
      </text>
      {(['left', 'right'] as const).map((side) => (
        <text key={side} className="picker-side" x={0} y={0} textAnchor="middle" transform={`translate(${side === 'left' ? -O - 8 : O + 8} 0) rotate(${side === 'left' ? -90 : 90})`} aria-hidden="true">
          {surfaceAtSide(tooth, side) === 'M' ? 'midline' : 'distal'}
        </text>
      ))}
    </svg>
  );
}

export interface ToothPickerProps {
  tooth: string | null;
  chosen: readonly Surface[];
  vocabulary: ChartVocabulary;
  codeName: string | null;
  /** What the bar will read: "46 L caries". */
  command: string;
  onToggle: (surface: Surface) => void;
  onCode: (name: string) => void;
  onClose: () => void;
}

export function ToothPicker(props: ToothPickerProps) {
  const { tooth, chosen, vocabulary } = props;
  const findings = vocabulary.filter((c) => c.kind === 'finding');
  const treatments = vocabulary.filter((c) => c.kind === 'procedure');
  return (
    <Modal
      open={tooth !== null}
      title={tooth ? `Tooth ${tooth}` : 'Tooth'}
      onCancel={props.onClose}
      footer={
        <Button type="primary" size="large" onClick={props.onClose}>
          Done
        </Button>
      }
      className="tooth-picker"
      width={440}
      destroyOnHidden
    >
      {tooth && (
        <>
          <p className="muted picker-hint">Tap the surfaces, then what was found or done.</p>
          <PickerMap tooth={tooth} chosen={chosen} onToggle={props.onToggle} />
          <p className="picker-command" aria-live="polite">
            <span className="visually-hidden">Command: </span>
            {props.command || tooth}
          </p>
          <div className="picker-codes" role="group" aria-label="Finding">
            {findings.map((c) => (
              <Button key={c.code} size="large" type={props.codeName === c.names[0] ? 'primary' : 'default'} onClick={() => props.onCode(c.names[0])}>
                {c.names[0]}
              </Button>
            ))}
          </div>
          <Select
            size="large"
            showSearch={{ optionFilterProp: 'label' }}
            value={treatments.some((c) => c.names[0] === props.codeName) ? props.codeName : null}
            onChange={(v) => v && props.onCode(v)}
            options={treatments.map((c) => ({ value: c.names[0], label: c.names[0] }))}
            placeholder="Treatment"
            aria-label="Treatment"
            className="picker-treatment"
          />
        </>
      )}
    </Modal>
  );
}

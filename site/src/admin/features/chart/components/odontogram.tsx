import { memo, useId, type KeyboardEvent, type MouseEvent } from 'react';
import type { ItemStatus } from '../../../../../../shared/clinical/chart-command';
import type { ToothChart, ToothMark } from '../../../../../../shared/clinical/chart-state';
import { geometryOf, mapSides, surfaceAtSide, type MapSide, type Surface } from '../../../../../../shared/clinical/surface-geometry';
import { statusLooks } from '../chart-colours';
import { CELL_HEIGHT, COLUMN, wholeToothSymbol, wholeToothSymbols, type OdontogramLayout, type ToothKind, type ToothSlot, type WholeToothSymbol } from '../odontogram-layout';

// CHART-10: the odontogram, drawn in SVG. Each tooth is drawn as a dentist's chart draws it: seen from the
// side (root or roots, the cervical band, the crown) and from the biting side (the five-surface map: O/I in
// the middle, M towards the midline, D away from it, B/F on the lip or cheek side, L/P on the tongue or
// palate side, as the one surface table says, CHART-19); lower teeth are the upper drawing flipped, so roots
// point away from the biting plane, but the surface map is drawn unflipped where that table puts each
// surface, and each region's click types the surface it is drawn for. What is drawn comes from
// chartTeeth (CHART-4) and each code's DrawAs: surfaces filled, a crown filled, a root canal as a line in
// the root, a periapical lesion as a ring at the apex, an implant as a screw instead of the root, a missing
// tooth as a faint dashed outline, a planned extraction crossed out, a bridge as a bar over its teeth with
// pontics drawn without roots. CHART-20: work charted on the whole tooth without surfaces is drawn too: a
// sealant as a fissure line across the map, a veneer as a bar on the lip side, gum treatment as a wavy
// line at the neck, other surface work as a ring round the map, other marks as dots under it; the legend
// names each one the chart shows.

export interface OdontogramProps {
  layout: OdontogramLayout;
  teeth: ToothChart[];
  /** Item ids drawn as a preview (what the command bar will record). */
  previewIds?: ReadonlySet<number>;
  selected: readonly string[];
  selectedSurfaces: readonly Surface[];
  cursor: string | null;
  label: string;
  onToothClick?: (tooth: string, event: MouseEvent) => void;
  onSurfaceClick?: (tooth: string, surface: Surface) => void;
  onToothHover?: (tooth: string | null) => void;
  onKeyDown?: (event: KeyboardEvent<SVGSVGElement>) => void;
  onFocus?: () => void;
  describeTooth: (tooth: string) => string;
}

const MAP_Y = 127;
const MAP_HALF = 17;
const MAP_INNER = 7;
const NECK_Y = 70;
const CROWN_EDGE_Y = 104;

const crownWidth: Record<ToothKind, number> = { molar: 36, premolar: 28, canine: 27, incisor: 26 };

function crownPath(kind: ToothKind, w: number): string {
  const h = w / 2;
  if (kind === 'molar' || kind === 'premolar') {
    return `M ${-h + 2} ${NECK_Y} L ${h - 2} ${NECK_Y} C ${h + 1.5} 80, ${h + 0.5} 95, ${h - 3} 102 Q ${h / 2} 107 0 102.5 Q ${-h / 2} 107 ${-h + 3} 102 C ${-h - 0.5} 95, ${-h - 1.5} 80, ${-h + 2} ${NECK_Y} Z`;
  }
  if (kind === 'canine') {
    return `M ${-h + 3} ${NECK_Y} L ${h - 3} ${NECK_Y} C ${h + 1} 82, ${h} 93, ${h - 3} 99 L 0 ${CROWN_EDGE_Y + 3} L ${-h + 3} 99 C ${-h} 93, ${-h - 1} 82, ${-h + 3} ${NECK_Y} Z`;
  }
  return `M ${-h + 3} ${NECK_Y} L ${h - 3} ${NECK_Y} C ${h + 1} 82, ${h} 96, ${h - 1.5} ${CROWN_EDGE_Y} L ${-h + 1.5} ${CROWN_EDGE_Y} C ${-h} 96, ${-h - 1} 82, ${-h + 3} ${NECK_Y} Z`;
}

/** The roots' centre lines (x at the neck, x and y of the apex) and their half width at the neck. */
function roots(kind: ToothKind, w: number, tooth: string): { neckX: number; apexX: number; apexY: number; half: number }[] {
  const h = w / 2;
  const primary = Number(tooth[0]) >= 5;
  const apexY = primary ? 30 : kind === 'canine' ? 16 : 22;
  if (kind === 'molar') return [{ neckX: -h / 2, apexX: -h / 2 - 2, apexY: apexY + 4, half: h / 2 - 1 }, { neckX: h / 2, apexX: h / 2 + 2, apexY: apexY + 4, half: h / 2 - 1 }];
  if (tooth === '14' || tooth === '24') return [{ neckX: -h / 2.4, apexX: -h / 2.4, apexY, half: h / 2.2 }, { neckX: h / 2.4, apexX: h / 2.4, apexY, half: h / 2.2 }];
  return [{ neckX: 0, apexX: 0, apexY, half: h - 3 }];
}

function rootPath(r: { neckX: number; apexX: number; apexY: number; half: number }): string {
  const { neckX: x, apexX: ax, apexY: ay, half } = r;
  return `M ${x - half} ${NECK_Y} C ${x - half} ${(NECK_Y + ay) / 2 + 6}, ${ax - 3} ${ay + 6}, ${ax} ${ay} C ${ax + 3} ${ay + 6}, ${x + half} ${(NECK_Y + ay) / 2 + 6}, ${x + half} ${NECK_Y} Z`;
}

/** A region of a surface map centred on 0,0, `o` its half size, `i` the half size of its middle square. */
export function mapPolygon(side: MapSide, o = MAP_HALF, i = MAP_INNER): string {
  const y = 0;
  switch (side) {
    case 'centre':
      return `${-i},${y - i} ${i},${y - i} ${i},${y + i} ${-i},${y + i}`;
    case 'top':
      return `${-o},${y - o} ${o},${y - o} ${i},${y - i} ${-i},${y - i}`;
    case 'bottom':
      return `${-o},${y + o} ${o},${y + o} ${i},${y + i} ${-i},${y + i}`;
    case 'left':
      return `${-o},${y - o} ${-i},${y - i} ${-i},${y + i} ${-o},${y + o}`;
    case 'right':
      return `${o},${y - o} ${i},${y - i} ${i},${y + i} ${o},${y + o}`;
  }
}

/** A tap with a finger or a pen (not a mouse): the surfaces are chosen in the enlarged picker. */
export const isTouchTap = (e: MouseEvent): boolean => {
  const type = (e.nativeEvent as PointerEvent).pointerType;
  return type === 'touch' || type === 'pen';
};

/** The surface a clicked region stands for, read from the region itself (data-surface, from CHART-19's table). */
const surfaceOfTarget = (e: MouseEvent): Surface => (e.currentTarget as SVGElement).getAttribute('data-surface') as Surface;

/** Marks that stand in the mouth or are planned: invalidated items never reach the chart (chartTeeth). */
const fillOf = (status: ItemStatus, ids: { hatch: string; dots: string }) => {
  const look = statusLooks[status];
  return look.pattern ? `url(#${look.pattern === 'hatch' ? ids.hatch : ids.dots})` : look.colour;
};

interface ToothProps {
  slot: ToothSlot;
  chart: ToothChart | undefined;
  previewIds?: ReadonlySet<number>;
  selected: boolean;
  surfaces: readonly Surface[];
  cursor: boolean;
  patternIds: { hatch: string; dots: string };
  describe: string;
  onToothClick?: OdontogramProps['onToothClick'];
  onSurfaceClick?: OdontogramProps['onSurfaceClick'];
  onToothHover?: OdontogramProps['onToothHover'];
  domId: string;
}

const Tooth = memo(function Tooth(props: ToothProps) {
  const { slot, chart, previewIds, selected, surfaces, cursor, patternIds, describe, onToothClick, onSurfaceClick, onToothHover, domId } = props;
  const { tooth, kind, scale: s } = slot;
  const w = crownWidth[kind];
  const state = chart?.state ?? 'present';
  const marks = chart?.marks ?? [];
  const opacity = (m: ToothMark) => (previewIds?.has(m.itemId) ? 0.6 : 1);
  const fill = (m: ToothMark) => fillOf(m.status, patternIds);
  const surfaceFill = new Map<Surface, ToothMark>();
  let crown: ToothMark | null = null;
  const rootMarks: ToothMark[] = [];
  let implant: ToothMark | null = null;
  let extraction: ToothMark | null = null;
  let bridge: ToothMark | null = null;
  const dots: ToothMark[] = [];
  const whole = new Map<Exclude<WholeToothSymbol, 'other'>, ToothMark>();
  for (const m of marks) {
    const symbol = wholeToothSymbol(m);
    if (symbol === 'other') dots.push(m);
    else if (symbol) whole.set(symbol, m);
    else if (m.draw === 'surface') for (const sf of m.surfaces) surfaceFill.set(sf, m);
    else if (m.draw === 'crown') crown = m;
    else if (m.draw === 'root') rootMarks.push(m);
    else if (m.draw === 'implant') implant = m;
    else if (m.draw === 'extraction' || m.draw === 'missing') extraction = m;
    else if (m.draw === 'bridge') bridge = m;
    else dots.push(m);
  }
  const missing = state === 'missing';
  const pontic = state === 'pontic';
  const isImplant = state === 'implant' || implant !== null;
  // A planned extraction (not yet in the mouth) is crossed out; a done one leaves the tooth missing.
  const crossOut = extraction && !missing ? extraction : null;
  const crownMark = crown ?? bridge;
  const rootList = roots(kind, w, tooth);
  const body = slot.upper ? `translate(${slot.x} ${slot.y}) scale(${s})` : `translate(${slot.x} ${slot.y + CELL_HEIGHT * s}) scale(${s} ${-s})`;
  // CHART-19: the surface map is drawn as seen (not flipped with a lower tooth's body), centred where the
  // body puts it, each region where the surface table says.
  const mapCentreY = slot.upper ? slot.y + MAP_Y * s : slot.y + (CELL_HEIGHT - MAP_Y) * s;
  const vestibularSign = geometryOf(tooth).vestibularSide === 'top' ? -1 : 1;
  const labelY = slot.upper ? slot.y + 11 * s : slot.y + CELL_HEIGHT * s - 3 * s;
  const outline = missing ? 'tooth-outline missing' : 'tooth-outline';
  const sealant = whole.get('sealant');
  const veneer = whole.get('veneer');
  const gum = whole.get('gum');
  const ring = whole.get('whole');
  const clickSurface = (e: MouseEvent) => {
    // A finger's tap on a 5 px surface is not a choice: it goes to the tooth, which opens the picker.
    if (!onSurfaceClick || isTouchTap(e)) return;
    e.stopPropagation();
    onSurfaceClick(tooth, surfaceOfTarget(e));
  };

  return (
    <g
      id={domId}
      role="option"
      aria-selected={selected}
      aria-label={describe}
      className={`tooth${selected ? ' selected' : ''}${cursor ? ' cursor' : ''}${missing ? ' is-missing' : ''}`}
      data-tooth={tooth}
      data-state={state}
      onMouseEnter={() => onToothHover?.(tooth)}
      onMouseLeave={() => onToothHover?.(null)}
      onClick={(e) => onToothClick?.(tooth, e)}
    >
      <rect className="tooth-cell" x={slot.x - COLUMN / 2} y={slot.y} width={COLUMN} height={CELL_HEIGHT * s} rx={4} />
      <text className="tooth-number" x={slot.x} y={labelY} textAnchor="middle" fontSize={11 * Math.max(s, 0.9)}>
        {tooth}
      </text>
      <g transform={body}>
        {/* Roots, or an implant's screw in their place. */}
        {isImplant ? (
          <g className="implant" style={{ opacity: implant ? opacity(implant) : 1 }}>
            <path d={`M -5 ${NECK_Y} L -5 30 L 0 22 L 5 30 L 5 ${NECK_Y} Z`} fill={implant ? fill(implant) : '#7C828C'} stroke={implant ? statusLooks[implant.status].colour : '#555'} strokeWidth={1.2} />
            {[34, 42, 50, 58, 66].map((y) => (
              <line key={y} x1={-8} x2={8} y1={y} y2={y - 3} stroke={implant ? statusLooks[implant.status].colour : '#555'} strokeWidth={1.6} />
            ))}
          </g>
        ) : (
          rootList.map((r, i) => <path key={i} d={rootPath(r)} className={pontic ? `${outline} pontic-root` : outline} />)
        )}
        {rootMarks.map((m) =>
          m.kind === 'finding' ? (
            rootList.map((r, i) => <circle key={`${m.itemId}-${i}`} cx={r.apexX} cy={r.apexY + 2} r={5.5} fill="none" stroke={statusLooks[m.status].colour} strokeWidth={2.6} opacity={opacity(m)} />)
          ) : (
            rootList.map((r, i) => (
              <line key={`${m.itemId}-${i}`} x1={r.neckX} y1={NECK_Y + 4} x2={r.apexX} y2={r.apexY + 3} stroke={statusLooks[m.status].colour} strokeWidth={3.4} strokeLinecap="round" opacity={opacity(m)} />
            ))
          ),
        )}
        {/* The crown seen from the side, and the cervical band at its neck. */}
        <path d={crownPath(kind, w)} className={outline} fill={crownMark && !missing ? fill(crownMark) : undefined} opacity={crownMark ? opacity(crownMark) : 1} />
        <rect
          x={-w / 2 + 2}
          y={NECK_Y - 3}
          width={w - 4}
          height={6}
          rx={2}
          data-surface="C"
          className={`cervical${onSurfaceClick ? ' clickable' : ''}${surfaces.includes('C') ? ' chosen' : ''}`}
          fill={surfaceFill.get('C') ? fill(surfaceFill.get('C')!) : undefined}
          opacity={surfaceFill.get('C') ? opacity(surfaceFill.get('C')!) : 1}
          onClick={clickSurface}
        />
        {gum && (
          <path
            className="whole-mark gum-mark"
            data-item={gum.itemId}
            d={`M ${-w / 2 - 3} ${NECK_Y + 1} q ${(w + 6) / 8} -7 ${(w + 6) / 4} 0 t ${(w + 6) / 4} 0 t ${(w + 6) / 4} 0 t ${(w + 6) / 4} 0`}
            fill="none"
            stroke={statusLooks[gum.status].colour}
            strokeWidth={2.4}
            strokeLinecap="round"
            opacity={opacity(gum)}
            pointerEvents="none"
          />
        )}
        {crossOut && (
          <g stroke={statusLooks[crossOut.status].colour} strokeWidth={3.5} strokeLinecap="round" opacity={opacity(crossOut)} className="cross-out">
            <line x1={-w / 2 - 1} y1={20} x2={w / 2 + 1} y2={CROWN_EDGE_Y + 2} />
            <line x1={w / 2 + 1} y1={20} x2={-w / 2 - 1} y2={CROWN_EDGE_Y + 2} />
          </g>
        )}
        {dots.slice(-4).map((m, i, shown) => (
          <circle key={m.itemId} className="whole-mark dot-mark" cx={(i - (shown.length - 1) / 2) * 8} cy={MAP_Y + MAP_HALF + 6} r={3} fill={fill(m)} stroke={statusLooks[m.status].colour} strokeWidth={1} opacity={opacity(m)} />
        ))}
      </g>
      {/* The five-surface map, as seen. */}
      <g className={`surface-map${crownMark ? ' crowned' : ''}`} transform={`translate(${slot.x} ${mapCentreY}) scale(${s})`}>
        {mapSides.map((side) => {
          const sf = surfaceAtSide(tooth, side);
          const mark = surfaceFill.get(sf);
          return (
            <polygon
              key={sf}
              points={mapPolygon(side)}
              className={`surface${onSurfaceClick ? ' clickable' : ''}${surfaces.includes(sf) && selected ? ' chosen' : ''}`}
              data-surface={sf}
              data-side={side}
              fill={mark && !missing ? fill(mark) : crownMark && !missing ? fill(crownMark) : undefined}
              opacity={mark ? opacity(mark) : crownMark ? opacity(crownMark) * 0.55 : 1}
              onClick={clickSurface}
            />
          );
        })}
        {crownMark && !missing && (
          <rect x={-MAP_HALF - 1.5} y={-MAP_HALF - 1.5} width={MAP_HALF * 2 + 3} height={MAP_HALF * 2 + 3} rx={3} fill="none" stroke={statusLooks[crownMark.status].colour} strokeWidth={3} opacity={opacity(crownMark)} />
        )}
        {/* A missing tooth's place: the legend's dashed square, in its record's colour (a finding, extracted
            here, gone elsewhere). Not a cross: a cross is the legend's "To extract". */}
        {missing && extraction && (
          <rect
            x={-MAP_HALF}
            y={-MAP_HALF}
            width={MAP_HALF * 2}
            height={MAP_HALF * 2}
            rx={3}
            fill="none"
            stroke={statusLooks[extraction.status].colour}
            strokeWidth={2}
            strokeDasharray="4 3"
            opacity={opacity(extraction)}
            className="missing-place"
          />
        )}
        {ring && !missing && (
          <circle className="whole-mark ring-mark" data-item={ring.itemId} r={MAP_HALF + 3} fill="none" stroke={statusLooks[ring.status].colour} strokeWidth={2.6} opacity={opacity(ring)} pointerEvents="none" />
        )}
        {sealant && !missing && (
          <polyline
            className="whole-mark sealant-mark"
            data-item={sealant.itemId}
            points={`${-MAP_HALF + 3},0 ${-MAP_HALF / 2},-5 0,5 ${MAP_HALF / 2},-5 ${MAP_HALF - 3},0`}
            fill="none"
            stroke={statusLooks[sealant.status].colour}
            strokeWidth={3}
            strokeLinejoin="round"
            strokeLinecap="round"
            opacity={opacity(sealant)}
            pointerEvents="none"
          />
        )}
        {veneer && !missing && (
          <rect
            className="whole-mark veneer-mark"
            data-item={veneer.itemId}
            x={-MAP_HALF}
            y={vestibularSign < 0 ? -MAP_HALF - 6 : MAP_HALF + 1.5}
            width={MAP_HALF * 2}
            height={4.5}
            rx={2}
            fill={fill(veneer)}
            stroke={statusLooks[veneer.status].colour}
            strokeWidth={1.2}
            opacity={opacity(veneer)}
            pointerEvents="none"
          />
        )}
      </g>
    </g>
  );
});

/** The bars of bridges standing in the mouth or planned: one bar from the first to the last tooth of the item, over the crowns. */
function bridgeBars(layout: OdontogramLayout, teeth: ToothChart[]) {
  const bars = new Map<number, { status: ItemStatus; slots: ToothSlot[] }>();
  const bySlot = new Map(layout.slots.map((s) => [s.tooth, s]));
  for (const t of teeth) {
    const slot = bySlot.get(t.tooth);
    if (!slot) continue;
    for (const m of t.marks) {
      if (m.draw !== 'bridge') continue;
      const bar = bars.get(m.itemId) ?? { status: m.status, slots: [] };
      bar.status = m.status;
      bar.slots.push(slot);
      bars.set(m.itemId, bar);
    }
  }
  return [...bars.entries()]
    .filter(([, b]) => b.slots.length > 1)
    .map(([id, b]) => {
      const xs = b.slots.map((s) => s.x);
      const s = b.slots[0];
      const localY = (NECK_Y + CROWN_EDGE_Y) / 2;
      const y = s.upper ? s.y + localY * s.scale : s.y + (CELL_HEIGHT - localY) * s.scale;
      return { id, status: b.status, x1: Math.min(...xs), x2: Math.max(...xs), y };
    });
}

export function Odontogram(props: OdontogramProps) {
  const { layout, teeth, selected, selectedSurfaces, cursor, label, previewIds } = props;
  const uid = useId().replace(/:/g, '');
  const patternIds = { hatch: `hatch-${uid}`, dots: `dots-${uid}` };
  const byTooth = new Map(teeth.map((t) => [t.tooth, t]));
  const toothId = (tooth: string) => `tooth-${uid}-${tooth}`;
  return (
    <svg
      className="odontogram"
      viewBox={`0 -4 ${layout.width} ${layout.height + 8}`}
      role="listbox"
      aria-multiselectable="true"
      aria-label={label}
      aria-activedescendant={cursor ? toothId(cursor) : undefined}
      tabIndex={0}
      onKeyDown={props.onKeyDown}
      onFocus={props.onFocus}
    >
      <defs>
        <pattern id={patternIds.hatch} width={5} height={5} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width={5} height={5} fill={statusLooks.planned.tint} />
          <line x1={0} y1={0} x2={0} y2={5} stroke={statusLooks.planned.colour} strokeWidth={3} />
        </pattern>
        <pattern id={patternIds.dots} width={5} height={5} patternUnits="userSpaceOnUse">
          <rect width={5} height={5} fill={statusLooks.referred.tint} />
          <circle cx={2.5} cy={2.5} r={1.6} fill={statusLooks.referred.colour} />
        </pattern>
      </defs>
      <line className="midline" x1={layout.midlineX} x2={layout.midlineX} y1={0} y2={layout.height} />
      <line className="occlusal-plane" x1={0} x2={layout.width} y1={layout.occlusalY} y2={layout.occlusalY} />
      {layout.slots.map((slot) => (
        <Tooth
          key={slot.tooth}
          domId={toothId(slot.tooth)}
          slot={slot}
          chart={byTooth.get(slot.tooth)}
          previewIds={previewIds}
          selected={selected.includes(slot.tooth)}
          surfaces={selected.includes(slot.tooth) ? selectedSurfaces : []}
          cursor={cursor === slot.tooth}
          patternIds={patternIds}
          describe={props.describeTooth(slot.tooth)}
          onToothClick={props.onToothClick}
          onSurfaceClick={props.onSurfaceClick}
          onToothHover={props.onToothHover}
        />
      ))}
      {bridgeBars(layout, teeth).map((bar) => (
        <rect
          key={bar.id}
          className="bridge-bar"
          x={bar.x1 - 8}
          y={bar.y - 3.5}
          width={bar.x2 - bar.x1 + 16}
          height={7}
          rx={3.5}
          fill={fillOf(bar.status, patternIds)}
          stroke={statusLooks[bar.status].colour}
          strokeWidth={1.5}
          opacity={previewIds?.has(bar.id) ? 0.6 : 1}
          pointerEvents="none"
        />
      ))}
    </svg>
  );
}

const ink = '#334155';
/** The legend's drawing of a whole-tooth symbol (CHART-20), in the chart's shapes. */
function SymbolSwatch({ symbol }: { symbol: WholeToothSymbol }) {
  switch (symbol) {
    case 'sealant':
      return <polyline points="2,8 5,5 8,11 11,5 14,8" fill="none" stroke={ink} strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />;
    case 'veneer':
      return (
        <>
          <rect x={2} y={5} width={12} height={9} fill="#fff" stroke="#94a3b8" />
          <rect x={2} y={1.5} width={12} height={3} rx={1} fill={ink} />
        </>
      );
    case 'gum':
      return <path d="M 1 9 q 1.75 -5 3.5 0 t 3.5 0 t 3.5 0 t 3.5 0" fill="none" stroke={ink} strokeWidth={2} strokeLinecap="round" />;
    case 'whole':
      return <circle cx={8} cy={8} r={6} fill="none" stroke={ink} strokeWidth={2} />;
    case 'other':
      return <circle cx={8} cy={8} r={3.5} fill={ink} />;
  }
}

/** The legend: the same fills as the chart, with their words, and the whole-tooth symbols the chart shows. */
export function ChartLegend({ symbols }: { symbols?: ReadonlySet<WholeToothSymbol> }) {
  const uid = useId().replace(/:/g, '');
  const swatches: { key: string; label: string; fill: string; stroke: string }[] = [
    { key: 'condition', label: statusLooks.condition.label, fill: statusLooks.condition.colour, stroke: '#6b4a00' },
    { key: 'planned', label: statusLooks.planned.label, fill: `url(#lh-${uid})`, stroke: statusLooks.planned.colour },
    { key: 'completed', label: statusLooks.completed.label, fill: statusLooks.completed.colour, stroke: statusLooks.completed.colour },
    { key: 'existing', label: statusLooks.existing.label, fill: statusLooks.existing.colour, stroke: statusLooks.existing.colour },
    { key: 'existing-elsewhere', label: statusLooks['existing-elsewhere'].label, fill: statusLooks['existing-elsewhere'].colour, stroke: statusLooks['existing-elsewhere'].colour },
    { key: 'referred', label: statusLooks.referred.label, fill: `url(#ld-${uid})`, stroke: statusLooks.referred.colour },
  ];
  return (
    <div className="chart-legend-wrap">
      <svg width={0} height={0} aria-hidden="true" className="legend-defs">
        <defs>
          <pattern id={`lh-${uid}`} width={5} height={5} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width={5} height={5} fill={statusLooks.planned.tint} />
            <line x1={0} y1={0} x2={0} y2={5} stroke={statusLooks.planned.colour} strokeWidth={3} />
          </pattern>
          <pattern id={`ld-${uid}`} width={5} height={5} patternUnits="userSpaceOnUse">
            <rect width={5} height={5} fill={statusLooks.referred.tint} />
            <circle cx={2.5} cy={2.5} r={1.6} fill={statusLooks.referred.colour} />
          </pattern>
        </defs>
      </svg>
      <ul className="chart-legend" aria-label="Legend">
      {swatches.map((s) => (
        <li key={s.key}>
          <svg width={16} height={16} aria-hidden="true">
            <rect x={1} y={1} width={14} height={14} rx={3} fill={s.fill} stroke={s.stroke} strokeWidth={1.5} />
          </svg>
          {s.label}
        </li>
      ))}
      <li>
        <svg width={16} height={16} aria-hidden="true">
          <rect x={1} y={1} width={14} height={14} rx={3} fill="none" stroke="#9aa3ad" strokeWidth={1.5} strokeDasharray="3 2" />
        </svg>
        Missing
      </li>
      <li>
        <svg width={16} height={16} aria-hidden="true">
          <line x1={3} y1={3} x2={13} y2={13} stroke={statusLooks.planned.colour} strokeWidth={2.5} />
          <line x1={13} y1={3} x2={3} y2={13} stroke={statusLooks.planned.colour} strokeWidth={2.5} />
        </svg>
        To extract
      </li>
      {wholeToothSymbols
        .filter((w) => symbols?.has(w.symbol))
        .map((w) => (
          <li key={w.symbol} data-symbol={w.symbol}>
            <svg width={16} height={16} aria-hidden="true">
              <SymbolSwatch symbol={w.symbol} />
            </svg>
            {w.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

import { Button } from 'antd';
import SignaturePad from 'signature_pad';
import { useEffect, useRef } from 'react';

// PLAN-8: the patient signs with a finger (a tablet at the chair) or a mouse; signature_pad draws the
// strokes and answers a PNG data URL. The canvas is sized to its box in device pixels, so the line is
// sharp on a tablet's screen.

export interface SignatureHandle {
  isEmpty(): boolean;
  toDataURL(): string;
}

export function SignatureBox({ onReady, label }: { onReady: (handle: SignatureHandle) => void; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = el.offsetWidth * ratio;
    el.height = el.offsetHeight * ratio;
    el.getContext('2d')?.scale(ratio, ratio);
    const instance = new SignaturePad(el, { backgroundColor: 'rgb(255,255,255)', penColor: '#10243e', minWidth: 1, maxWidth: 2.6 });
    pad.current = instance;
    onReady({ isEmpty: () => instance.isEmpty(), toDataURL: () => instance.toDataURL('image/png') });
    return () => instance.off();
  }, [onReady]);

  return (
    <div className="signature-box">
      <canvas ref={canvas} className="signature-canvas" aria-label={label} role="img" data-testid="signature-canvas" />
      <Button size="small" onClick={() => pad.current?.clear()}>
        Clear
      </Button>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { clockNow } from '../../lib/clock';

/** The clock's now, read again every `ms` milliseconds (a waiting time that counts up on screen). */
export function useClockTick(ms: number): Date {
  const [now, setNow] = useState(() => clockNow());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(clockNow()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

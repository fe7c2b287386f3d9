// Structured logs (D26): one JSON object a line. Callers pass only what is safe to keep: never
// passwords, cookies or patient details.

export type LogLevel = 'info' | 'error' | 'silent';

export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

/**
 * Lines written in one turn of the event loop leave in one write: a busy server logs a line a request,
 * and one system call a line would cost more than the request's own work.
 */
function batchedWriter(write: (chunk: string) => void): (line: string) => void {
  let pending = '';
  const flush = () => {
    if (!pending) return;
    const chunk = pending;
    pending = '';
    write(chunk);
  };
  process.once('exit', flush);
  return (line) => {
    if (!pending) setImmediate(flush);
    pending += line;
  };
}

export function createLogger(level: LogLevel, write?: (line: string) => void): Logger {
  const out = write ?? batchedWriter((chunk) => process.stdout.write(chunk));
  const emit = (lvl: string, event: string, fields?: Record<string, unknown>) =>
    out(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, event, ...fields })}\n`);
  return {
    info: (event, fields) => {
      if (level === 'info') emit('info', event, fields);
    },
    error: (event, fields) => {
      if (level !== 'silent') emit('error', event, fields);
    },
  };
}

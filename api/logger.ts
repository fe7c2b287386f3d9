// Structured logs (D26): one JSON object a line. Callers pass only what is safe to keep: never
// passwords, cookies or patient details.

export type LogLevel = 'info' | 'error' | 'silent';

export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: LogLevel, write: (line: string) => void = (l) => process.stdout.write(l)): Logger {
  const emit = (lvl: string, event: string, fields?: Record<string, unknown>) =>
    write(`${JSON.stringify({ time: new Date().toISOString(), level: lvl, event, ...fields })}\n`);
  return {
    info: (event, fields) => {
      if (level === 'info') emit('info', event, fields);
    },
    error: (event, fields) => {
      if (level !== 'silent') emit('error', event, fields);
    },
  };
}

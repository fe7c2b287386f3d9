// OPS-22: what the server's process tells whoever started it (the supervisor behind `npm start`, systemd).

/**
 * The exit code of a configuration error (OPS-9) or a refused start (OPS-8): sysexits' EX_CONFIG. Starting
 * again would fail the same way, so the supervisor never restarts after it, nor does the systemd unit
 * (RestartPreventExitStatus=78).
 */
export const EXIT_REFUSED_TO_START = 78;

/** What the server sends over its IPC channel, when it has one, once it listens. */
export const LISTENING_MESSAGE = 'listening';

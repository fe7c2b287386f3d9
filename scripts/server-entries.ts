// The programs `npm run build:server` bundles into dist/api, one file each (OPS-16): the server and its
// command-line tools. scripts/check-imports.ts checks that each sets the private umask first (OPS-21).
export const SERVER_ENTRY_POINTS = ['api/server.ts', 'api/supervisor.ts', 'api/db/migrate-cli.ts', 'api/cli/admin.ts', 'api/cli/backup.ts', 'api/cli/restore.ts'];

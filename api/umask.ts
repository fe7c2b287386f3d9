import { PRIVATE_UMASK } from './private-files';

// OPS-21: imported first by every program (the server and each command-line tool), so that every file and
// folder it creates is its user's alone (files 0600, folders 0700), whatever umask it was started with.
// scripts/check-imports.ts refuses an entry point whose first import is not this one, and any other module
// that imports it: setting the umask is a program's decision, not a library's.
process.umask(PRIVATE_UMASK);

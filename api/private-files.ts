import fs from 'node:fs';
import path from 'node:path';
import type { WriteEntry } from 'tar';

// OPS-21: the files the product keeps (the embedded database, whose WAL holds patients' details and password
// hashes; uploaded media; backups; development mail; desktop updates) are the service user's alone. Three
// layers, so no single forgotten write leaves one readable:
//   - every program sets the umask PRIVATE_UMASK before it does anything (api/umask.ts, imported first by
//     every entry point; scripts/check-imports.ts refuses an entry point that does not);
//   - the server tightens every folder it is configured with at start (tightenPrivateFolders), whatever an
//     older version, another tool or a copy left there;
//   - what leaves the machine carries its own modes: backup archives are 0600 with 0600 members
//     (privateTarOptions), whatever umask the one who extracts them has.

/** No bit for the group or others: files 0600, folders 0700. */
export const PRIVATE_UMASK = 0o077;
const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

/**
 * What a tightening did, counted by folder: the root, or the folder directly under it that holds the file.
 * Only folders are named (a development mail file's name holds the recipient's address).
 */
export interface Tightened {
  /** Files and folders that lost their group and other bits. */
  changed: Record<string, number>;
  /** Files and folders that could not be changed (owned by another user, say), left as they were, with the first reason. */
  failed: Record<string, { count: number; reason: string }>;
}

/**
 * Takes the group and other bits off `root` and everything under it (chmod -R go-rwx). Symbolic links are
 * neither changed nor followed: a link inside the folder may point anywhere. The root itself is followed when
 * it is a link, because that is the folder the operator named.
 */
export function tightenTree(root: string, into: Tightened = { changed: {}, failed: {} }): Tightened {
  // Windows has no group and other bits (Node reports 0666 whatever the ACLs say): there a folder is guarded
  // by its ACL (docs/security.md, "Files at rest").
  if (process.platform === 'win32') return into;
  let rootStat: fs.Stats;
  try {
    rootStat = fs.statSync(root);
  } catch {
    return into; // absent: nothing to tighten
  }
  const fail = (group: string, err: unknown) => {
    const seen = (into.failed[group] ??= { count: 0, reason: (err as NodeJS.ErrnoException).code ?? String(err) });
    seen.count++;
  };
  const visit = (file: string, stat: fs.Stats, group: string) => {
    if (!stat.isDirectory() && !stat.isFile()) return;
    if ((stat.mode & 0o077) !== 0) {
      try {
        fs.chmodSync(file, stat.mode & 0o7700);
        into.changed[group] = (into.changed[group] ?? 0) + 1;
      } catch (err) {
        fail(group, err);
      }
    }
    if (!stat.isDirectory()) return;
    let names: string[];
    try {
      names = fs.readdirSync(file);
    } catch (err) {
      fail(group, err);
      return;
    }
    for (const name of names) {
      const child = path.join(file, name);
      let childStat: fs.Stats;
      try {
        childStat = fs.lstatSync(child);
      } catch {
        continue; // gone meanwhile
      }
      visit(child, childStat, file === root && childStat.isDirectory() ? child : group);
    }
  };
  visit(root, rootStat, root);
  return into;
}

/**
 * Every folder a configuration names (each setting whose name ends in `Dir`: DATA_DIR, BACKUP_DIR,
 * DESKTOP_UPDATES_DIR, and any added later), outermost first, each once.
 */
export function privateFolders(config: object): string[] {
  const folders = Object.entries(config)
    .filter(([key, value]) => key.endsWith('Dir') && typeof value === 'string' && value !== '')
    .map(([, value]) => path.resolve(value as string));
  const unique = [...new Set(folders)].sort();
  // A folder inside another is walked with it.
  return unique.filter((f) => !unique.some((outer) => outer !== f && f.startsWith(outer + path.sep)));
}

/**
 * At the server's start (OPS-21): DATA_DIR made if missing, then every configured folder and all it holds
 * tightened. Returns what changed, for one log line.
 */
export function tightenPrivateFolders(config: { dataDir: string }): Tightened {
  fs.mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const result: Tightened = { changed: {}, failed: {} };
  for (const folder of privateFolders(config)) tightenTree(folder, result);
  return result;
}

/**
 * node-tar options for an archive that stays private wherever it goes: the file itself 0600 (`mode`) and
 * every member 0600, folders 0700 (`onWriteEntry` sets the mode the member's header records, as node-tar's
 * README shows).
 */
export const privateTarOptions = {
  mode: PRIVATE_FILE_MODE,
  onWriteEntry(entry: WriteEntry) {
    if (!entry.stat) return;
    const type = entry.stat.mode & ~0o7777;
    entry.stat.mode = type | (entry.stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
  },
};

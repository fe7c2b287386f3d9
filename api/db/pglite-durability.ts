import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

// What PGlite 0.5.16 does out of the box on Node (read in its sources; docs/decisions.md "Data at rest"):
// - it starts PostgreSQL with -F (fsync = off);
// - its NODEFS passes each write to the host file at once (so a killed process loses nothing the kernel has),
//   but has no fsync: PostgreSQL's fsync() returns success and does nothing, and fdatasync() is a no-op;
// - relaxedDurability and syncToFs concern the browser's IndexedDB store; on Node syncToFs does nothing.
// So an acknowledged commit sat in the page cache, and a power cut could lose it or leave the data files
// behind the WAL. Here every fsync PostgreSQL asks for reaches the disk: fsync on, WAL flushed with fsync()
// (the one call that reaches the file system), and NODEFS given the fsync it lacks. Upstream issue:
// https://github.com/electric-sql/pglite/issues/1107 — drop this once PGlite does it itself.

/** PGlite's start parameters with fsync left on, and the WAL flushed by fsync() (fdatasync is a no-op). */
export const durableStartParams = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

interface EmscriptenFs {
  ErrnoError: new (errno: number) => Error;
  isDir(mode: number): boolean;
}
interface NodefsStream {
  nfd?: number;
  node: { mode: number };
}
interface ModeAttributes {
  mode?: number;
}
interface PgliteModule {
  FS: EmscriptenFs;
  NODEFS: {
    node_ops: {
      mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
      setattr(node: unknown, attr: ModeAttributes): void;
    };
    stream_ops: {
      fsync?: (stream: NodefsStream) => number;
      setattr(stream: unknown, attr: ModeAttributes): void;
    };
  };
}

const EIO = 29; // Emscripten's errno numbering

/**
 * OPS-21: Emscripten's file layer keeps a umask of its own (022, whatever the process's) and chmods every file
 * it creates to the mode asked for: the files of a new or restored database came out 0666 and those
 * PostgreSQL writes through fopen() (pg_internal.init) 0644, in spite of the process's umask 077. Every mode
 * it gives the host loses its group and other bits here.
 */
function keepPrivate(mod: PgliteModule): void {
  const { node_ops: nodeOps, stream_ops: streamOps } = mod.NODEFS;
  const owner = (mode: number) => mode & ~0o077;
  const mknod = nodeOps.mknod;
  nodeOps.mknod = (parent, name, mode, dev) => mknod(parent, name, owner(mode), dev);
  const setNode = nodeOps.setattr;
  nodeOps.setattr = (node, attr) => setNode(node, attr.mode === undefined ? attr : { ...attr, mode: owner(attr.mode) });
  const setStream = streamOps.setattr;
  streamOps.setattr = (stream, attr) => setStream(stream, attr.mode === undefined ? attr : { ...attr, mode: owner(attr.mode) });
}

/**
 * NodeFS whose streams fsync to the host, so PostgreSQL's commits and checkpoints reach the disk, and whose
 * files are the process user's alone (keepPrivate).
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, emscriptenOptions: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, emscriptenOptions);
    const giveFsync = (mod: PgliteModule) => {
      mod.NODEFS.stream_ops.fsync = (stream) => {
        if (stream.nfd === undefined) return 0;
        try {
          fs.fsyncSync(stream.nfd);
        } catch (err) {
          // A directory cannot be fsynced on every platform (Windows); PostgreSQL ignores that too.
          if (mod.FS.isDir(stream.node.mode) && isDirectoryRefusal(err)) return 0;
          // Any other failure must reach PostgreSQL, which then stops rather than acknowledge a lost write.
          throw new mod.FS.ErrnoError(EIO);
        }
        return 0;
      };
    };
    const preRun = emscriptenOpts.preRun;
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        // NodeFS mounts NODEFS in its own preRun; this one runs after it, before PostgreSQL opens a file.
        preRun: [...(Array.isArray(preRun) ? preRun : preRun ? [preRun] : []), giveFsync, keepPrivate],
      } as typeof emscriptenOpts,
    };
  }
}

function isDirectoryRefusal(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException)?.code;
  return code === 'EISDIR' || code === 'EPERM' || code === 'EBADF' || code === 'EINVAL';
}

/** Options for a PGlite whose data directory is durable (see above). */
export function durablePgliteOptions(dataDir: string): Pick<PGliteOptions, 'dataDir' | 'fs' | 'startParams'> {
  return { dataDir, fs: new DurableNodeFS(dataDir), startParams: durableStartParams };
}

/**
 * PGlite builds a new database in memory and copies it into the directory without an fsync; this flushes
 * every file and directory of it, and its entry in the parent, so a first start survives a power cut too.
 */
export function flushNewDatabase(dir: string): void {
  fsyncTree(dir);
  fsyncTree(path.dirname(dir), false);
}

function fsyncTree(dir: string, recurse = true): void {
  const stat = fs.lstatSync(dir);
  if (stat.isDirectory() && recurse) for (const entry of fs.readdirSync(dir)) fsyncTree(path.join(dir, entry));
  if (!stat.isDirectory() && !stat.isFile()) return;
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } catch (err) {
    if (!(stat.isDirectory() && isDirectoryRefusal(err))) throw err;
  } finally {
    fs.closeSync(fd);
  }
}

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
interface NodefsNode {
  mode: number;
}
interface NodefsStream {
  nfd?: number;
  node: NodefsNode;
}
type Op = (...args: never[]) => unknown;
interface PgliteModule {
  FS: EmscriptenFs;
  NODEFS: {
    realPath(node: NodefsNode): string;
    stream_ops: { fsync?: (stream: NodefsStream) => number; write: Op; setattr: Op };
    node_ops: Record<'setattr' | 'mknod' | 'rename' | 'unlink' | 'symlink', Op>;
  };
}
interface ModeAttributes {
  mode?: number;
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
  const privately = (attr: ModeAttributes) => (attr.mode === undefined ? attr : { ...attr, mode: owner(attr.mode) });
  const { mknod, setattr } = nodeOps;
  nodeOps.mknod = (...args: Parameters<Op>) => {
    const [parent, name, mode, dev] = args as unknown as [unknown, string, number, unknown];
    return mknod(...([parent, name, owner(mode), dev] as unknown as Parameters<Op>));
  };
  nodeOps.setattr = (...args: Parameters<Op>) => {
    const [node, attr] = args as unknown as [unknown, ModeAttributes];
    return setattr(...([node, privately(attr)] as unknown as Parameters<Op>));
  };
  const setStream = streamOps.setattr;
  streamOps.setattr = (...args: Parameters<Op>) => {
    const [stream, attr] = args as unknown as [unknown, ModeAttributes];
    return setStream(...([stream, privately(attr)] as unknown as Parameters<Op>));
  };
}

/**
 * NodeFS whose streams fsync to the host, so PostgreSQL's commits and checkpoints reach the disk, and whose
 * files are the process user's alone (keepPrivate).
 * `flushed`: host paths of files already flushed to the disk (flushFolder) that nothing has written since;
 * an fsync of one of them has nothing to do and is skipped. Any write, truncation, creation, rename or
 * removal at a path takes it out; directories are never in it.
 */
export class DurableNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly flushed = new Set<string>(),
  ) {
    super(dataDir);
  }

  /** Once PostgreSQL has started: every fsync from then on reaches the disk. */
  forgetFlushed() {
    this.flushed.clear();
  }

  override async init(pg: PGlite, emscriptenOptions: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, emscriptenOptions);
    const flushed = this.flushed;
    const giveFsync = (mod: PgliteModule) => {
      const { NODEFS } = mod;
      const forget = (node: NodefsNode, name?: string) => {
        if (flushed.size) flushed.delete(name === undefined ? NODEFS.realPath(node) : path.join(NODEFS.realPath(node), name));
      };
      const { write } = NODEFS.stream_ops;
      NODEFS.stream_ops.write = (...args: Parameters<Op>) => {
        forget((args[0] as NodefsStream).node);
        return write(...args);
      };
      const ops = NODEFS.node_ops;
      const { setattr, mknod, rename, unlink, symlink } = ops;
      ops.setattr = (...args: Parameters<Op>) => (forget(args[0] as NodefsNode), setattr(...args));
      ops.mknod = (...args: Parameters<Op>) => (forget(args[0] as NodefsNode, args[1] as string), mknod(...args));
      ops.unlink = (...args: Parameters<Op>) => (forget(args[0] as NodefsNode, args[1] as string), unlink(...args));
      ops.symlink = (...args: Parameters<Op>) => (forget(args[0] as NodefsNode, args[1] as string), symlink(...args));
      ops.rename = (...args: Parameters<Op>) => {
        forget(args[0] as NodefsNode);
        forget(args[1] as NodefsNode, args[2] as string);
        return rename(...args);
      };
      NODEFS.stream_ops.fsync = (stream) => {
        if (stream.nfd === undefined) return 0;
        if (flushed.size && flushed.has(NODEFS.realPath(stream.node))) return 0;
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

/** Options for a PGlite whose data directory is durable (see above); `flushed` as DurableNodeFS's. */
export function durablePgliteOptions(
  dataDir: string,
  flushed?: Set<string>,
): Pick<PGliteOptions, 'dataDir' | 'startParams'> & { fs: DurableNodeFS } {
  return { dataDir, fs: new DurableNodeFS(dataDir, flushed), startParams: durableStartParams };
}

/**
 * Whether PostgreSQL shut the database in `dir` down cleanly (the state in global/pg_control, at the same
 * offset since PostgreSQL 9: shut down, or shut down in recovery). Otherwise its next start is a crash
 * recovery, which first fsyncs every file of the folder.
 */
export function wasShutDown(dir: string): boolean {
  const DB_SHUTDOWNED = 1;
  const DB_SHUTDOWNED_IN_RECOVERY = 2;
  try {
    const control = fs.readFileSync(path.join(dir, 'global', 'pg_control'));
    const state = control.readInt32LE(16);
    return state === DB_SHUTDOWNED || state === DB_SHUTDOWNED_IN_RECOVERY;
  } catch {
    return true; // no control file: nothing to recover
  }
}

/**
 * OPS-22: after a crash, PostgreSQL's recovery first fsyncs every file of the data folder, one after another
 * (recovery_init_sync_method=fsync, the only method PGlite has): about 1,100 fsyncs, 4-6 s on a busy disk,
 * most of a restart. The same flush done here, several files at a time on libuv's threads (the disk merges
 * the cache flushes of concurrent fsyncs), took 0.15-0.6 s; PostgreSQL's fsyncs of these files then have
 * nothing left to do (DurableNodeFS skips them). Answers the host paths of the regular files flushed.
 */
export async function flushFolder(folder: string): Promise<Set<string>> {
  const dir = path.resolve(folder);
  const files: string[] = [];
  const dirs: string[] = [];
  const walk = (at: string) => {
    dirs.push(at);
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.push(full);
    }
  };
  walk(dir);
  const queue = [...files];
  const flushOne = async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      const handle = await fs.promises.open(file, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, flushOne));
  // Directories as flushNewDatabase does them (and PostgreSQL fsyncs them again itself: they are few).
  for (const at of dirs) fsyncTree(at, false);
  return new Set(files);
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

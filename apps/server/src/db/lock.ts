import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The lock file inside the embedded database's folder; it holds the owner's process id. */
export const LOCK_FILE = 'clinic-server.lock';

/** Another process (or another open in this one) has the embedded database. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dataDir} is in use by another process (pid ${pid}). ` +
        `Stop that server first, or set DATA_DIR to another folder. If no such process is running, delete ${join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

/** True when a process with this id exists (signal 0 checks without sending anything). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Creates the lock file holding our pid; false when it exists already. The pid is written to a
 * file of our own first and linked into place (atomic, and refused when the name exists), so a
 * lock file is never seen empty.
 */
function create(path: string): boolean {
  const draft = `${path}.${process.pid}`;
  writeFileSync(draft, `${process.pid}\n`);
  try {
    linkSync(draft, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkSync(draft);
  }
}

/** Folders this process holds (a pid alone cannot tell our lock from a dead process's with the same pid). */
const held = new Set<string>();

/**
 * Takes the embedded database's folder for this process, so that two servers (or a server and
 * `npm run seed`) never write the same PGlite files: PGlite runs PostgreSQL in the process, with
 * no server to arbitrate, and two writers would corrupt the data. The lock is a file holding the
 * pid, created atomically; a lock whose process is gone (a crash, `kill -9`) is taken over. Returns the release function. Throws `DatabaseInUseError` when a live process,
 * this one included, holds it.
 *
 * `dataDir` is named in the error as the operator wrote it (`./data`).
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  const key = resolve(path);
  if (held.has(key)) throw new DatabaseInUseError(dataDir, process.pid);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (create(path)) {
      held.add(key);
      return () => {
        if (!held.delete(key)) return;
        // Only our own lock: never one a later owner took over.
        if (readPid(path) === process.pid) unlinkSync(path);
      };
    }
    const holder = readPid(path);
    // Our own pid in a lock we do not hold is a previous process's: in a container the server is
    // often the same pid after a restart.
    if (holder !== null && holder !== process.pid && isAlive(holder)) throw new DatabaseInUseError(dataDir, holder);
    // Stale: its process is gone. Another starter may be taking it over at this very moment:
    // remove it only while it still names the same dead process, then race for `create` again;
    // the loser finds the winner's live pid.
    if (readPid(path) === holder) {
      try {
        unlinkSync(path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
  throw new DatabaseInUseError(dataDir, readPid(path) ?? 0);
}

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openPglite } from './client.js';
import { DatabaseInUseError, LOCK_FILE, lockDataDir } from './lock.js';

/** The embedded database is one process's: a second server on the same DATA_DIR stops with a clear error. */

const folders: string[] = [];
const freshFolder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-lock-'));
  folders.push(dir);
  return dir;
};
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A process id that is certainly not running: a child that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('the lock of a data folder', () => {
  const releases: (() => void)[] = [];
  afterEach(() => releases.splice(0).forEach((release) => release()));

  it('holds our pid while held and is removed on release', () => {
    const dir = freshFolder();
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    // Released, it can be taken again.
    releases.push(lockDataDir(dir));
  });

  it('refuses a second holder in the same process, naming the folder as configured', () => {
    const dir = freshFolder();
    releases.push(lockDataDir(dir));
    expect(() => lockDataDir(dir)).toThrow(DatabaseInUseError);
    expect(() => lockDataDir(dir)).toThrow(`the embedded database in ${dir} is in use by another process`);
  });

  it('refuses while another live process holds it, and leaves its lock alone', async () => {
    const dir = freshFolder();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, LOCK_FILE), `${other.pid}\n`);
      let error: unknown;
      try {
        lockDataDir(dir);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(DatabaseInUseError);
      expect((error as DatabaseInUseError).pid).toBe(other.pid);
      expect((error as Error).message).toContain(`(pid ${other.pid})`);
      expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(other.pid));
    } finally {
      other.kill();
    }
  });

  it('takes over a stale lock whose process is gone (a crash, kill -9)', () => {
    const dir = freshFolder();
    writeFileSync(join(dir, LOCK_FILE), `${deadPid()}\n`);
    releases.push(lockDataDir(dir));
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
  });

  it("takes over a lock with our own pid that this process does not hold (a restarted container's pid 1)", () => {
    const dir = freshFolder();
    writeFileSync(join(dir, LOCK_FILE), `${process.pid}\n`);
    releases.push(lockDataDir(dir));
    expect(() => lockDataDir(dir)).toThrow(DatabaseInUseError);
  });

  it('takes over an unreadable lock', () => {
    const dir = freshFolder();
    writeFileSync(join(dir, LOCK_FILE), 'garbage');
    releases.push(lockDataDir(dir));
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
  });
});

/** Creating a PGlite folder (initdb) takes seconds, many more on a busy machine. */
const PGLITE_TIMEOUT_MS = 120_000;

describe('opening the embedded database twice on one folder', () => {
  it(
    'the second open fails with the clear error and the first keeps working; after it closes the data is intact',
    { timeout: PGLITE_TIMEOUT_MS },
    async () => {
      const dir = join(freshFolder(), 'data');
      const first = await openPglite(dir);
      try {
        await first.db.execute(sql`create table kept (value text)`);
        await first.db.execute(sql`insert into kept values ('written by the first')`);
        await expect(openPglite(dir)).rejects.toThrow(`the embedded database in ${dir} is in use by another process (pid ${process.pid})`);
        // The refused open touched nothing: the first still reads and writes.
        await first.db.execute(sql`insert into kept values ('after the refusal')`);
        expect((await first.db.execute(sql`select count(*)::int as n from kept`)).rows).toEqual([{ n: 2 }]);
      } finally {
        await first.close();
      }
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
      const again = await openPglite(dir);
      try {
        expect((await again.db.execute(sql`select value from kept order by value`)).rows).toEqual([
          { value: 'after the refusal' },
          { value: 'written by the first' },
        ]);
      } finally {
        await again.close();
      }
    },
  );
});

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>`.
 *
 * Embedded (PGlite): the whole data directory's database as PGlite's own tarball
 * (dumpDataDir), plus uploads, packed into one .tar.gz. Stop the app first (the
 * lock file says so if you don't). PostgreSQL (DATABASE_URL): pg_dump's custom
 * format, restored with pg_restore --clean. Object storage (S3_*) is backed up by
 * the bucket's own versioning, not here.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '@/db/client';
import { EnvError, loadEnv } from '@/server/env';

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.error?.message})`);
}

export async function backup(file: string, env = loadEnv()) {
  const out = path.resolve(file);
  if (env.DATABASE_URL) {
    run('pg_dump', ['--format=custom', '--no-owner', `--file=${out}`, env.DATABASE_URL]);
    return out;
  }
  const work = mkdtempSync(path.join(tmpdir(), 'sysfi-backup-'));
  try {
    // Opening through openDatabase takes the lock: a running app makes this fail fast.
    const handle = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(env.DATA_DIR, 'db'),
      migrate: false,
    });
    const dump = await handle.pglite!.dumpDataDir('gzip');
    await handle.close();
    writeFileSync(path.join(work, 'db.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    const uploads = path.join(env.DATA_DIR, 'uploads');
    const parts = ['db.tar.gz'];
    if (existsSync(uploads)) {
      run('tar', ['-C', env.DATA_DIR, '-czf', path.join(work, 'uploads.tar.gz'), 'uploads']);
      parts.push('uploads.tar.gz');
    }
    run('tar', ['-C', work, '-czf', out, ...parts]);
    return out;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function restore(file: string, env = loadEnv()) {
  const src = path.resolve(file);
  if (!existsSync(src)) throw new Error(`no backup at ${src}`);
  if (env.DATABASE_URL) {
    run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${env.DATABASE_URL}`, src]);
    return;
  }
  const dbDir = path.join(env.DATA_DIR, 'db');
  if (existsSync(path.join(dbDir, 'db.lock'))) {
    // Refuses while an app holds the directory (a stale lock from a crash is fine: openDatabase handles it).
    const h = await openDatabase({ kind: 'pglite', dataDir: dbDir, migrate: false });
    await h.close();
  }
  const work = mkdtempSync(path.join(tmpdir(), 'sysfi-restore-'));
  try {
    run('tar', ['-C', work, '-xzf', src]);
    const fresh = path.join(work, 'db');
    const pg = new PGlite(fresh, { loadDataDir: new Blob([readFileSync(path.join(work, 'db.tar.gz'))]) });
    await pg.waitReady;
    await pg.close();
    // Swap in the restored database; keep the old one beside it until the swap is done.
    mkdirSync(env.DATA_DIR, { recursive: true });
    const old = `${dbDir}.before-restore-${Date.now()}`;
    if (existsSync(dbDir)) renameSync(dbDir, old);
    renameSync(fresh, dbDir);
    if (existsSync(path.join(work, 'uploads.tar.gz'))) {
      rmSync(path.join(env.DATA_DIR, 'uploads'), { recursive: true, force: true });
      run('tar', ['-C', env.DATA_DIR, '-xzf', path.join(work, 'uploads.tar.gz')]);
    }
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const [mode, file] = process.argv.slice(2);
  if ((mode !== 'backup' && mode !== 'restore') || !file) {
    console.error('usage: npm run backup -- <file>   |   npm run restore -- <file>');
    process.exit(2);
  }
  if (mode === 'backup') console.info(`backup written to ${await backup(file)}`);
  else {
    await restore(file);
    console.info(`restored from ${path.resolve(file)}`);
  }
}

if (/backup\.[jt]s$/.test(process.argv[1] ?? '')) {
  main().catch((err) => {
    console.error(err instanceof EnvError ? err.message : err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

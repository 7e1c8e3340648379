import pg from 'pg';

/**
 * A connection of its own, outside the pool, with the pool's settings: for what holds a connection for the life of the
 * process (the LISTEN of db/changes.ts, tus's session advisory locks), named so that pg_stat_activity tells them apart.
 */
export function dedicatedClient(pool: pg.Pool, applicationName: string): pg.Client {
  const options = pool.options;
  return new pg.Client({
    connectionString: options.connectionString,
    host: options.host,
    port: options.port,
    user: options.user,
    password: options.password,
    database: options.database,
    ssl: options.ssl,
    keepAlive: true,
    application_name: applicationName,
  });
}

/** Every migration, in order. Written with the QueryRunner schema API so one set serves SQLite and MySQL. */
export const MIGRATIONS: Function[] = [];

import type Database from 'libsql';

/** The database handle and statement types, apart from gateway-database.ts so migrate-files.ts can name them without a circle. */
export type Db = Database.Database;
export type Stmt = Database.Statement;

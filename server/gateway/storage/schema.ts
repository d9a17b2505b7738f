/**
 * The embedded gateway's tables. Tasks keep only their creation record (the state is computed from
 * it and the clock); task_counts is kept by triggers so bounds are checked without counting rows;
 * a charge row is a synthesis's held points, deleted when it succeeds and refunded otherwise.
 */
export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS tasks (
  task_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  outcome TEXT NOT NULL,
  seed INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tasks_by_end ON tasks (ends_at);
CREATE INDEX IF NOT EXISTS tasks_by_user_end ON tasks (user_id, ends_at);

CREATE TABLE IF NOT EXISTS task_counts (user_id TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS tasks_count_in AFTER INSERT ON tasks BEGIN
  INSERT INTO task_counts (user_id, n) VALUES (NEW.user_id, 1), ('*', 1) ON CONFLICT (user_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER IF NOT EXISTS tasks_count_out AFTER DELETE ON tasks BEGIN
  UPDATE task_counts SET n = n - 1 WHERE user_id IN (OLD.user_id, '*');
END;

CREATE TABLE IF NOT EXISTS balances (user_id TEXT PRIMARY KEY, points INTEGER NOT NULL) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS charges (
  charge_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  points INTEGER NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS audio (
  file_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  format TEXT NOT NULL,
  channel INTEGER NOT NULL,
  app_source TEXT,
  duration_ms INTEGER NOT NULL,
  size_bytes INTEGER NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS audio_by_age ON audio (created_at);
`;

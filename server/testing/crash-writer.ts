// Child process for the kill -9 test: writes tasks and balances forever, reporting each committed step.
import { TaskEngine } from '../gateway/tasks/task-engine';
import { PointsLedger } from '../gateway/users/points-ledger';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: crash-writer <dataDir>');
const engine = await TaskEngine.open(dataDir);
const ledger = await PointsLedger.open(dataDir);
for (let step = 1; ; step++) {
  const ids = await engine.create('1', { count: 50 });
  ledger.set('1', step);
  process.stdout.write(JSON.stringify({ step, ids }) + '\n');
}

// Child of bench:gateway: open the gateway's state in DATA_DIR (argv[2]) and answer one status query,
// as a restart does; prints {"openMs", "firstAnswerMs", "rssMb"} as one JSON line.
import { Hono } from 'hono';
import { createGatewayApp } from '../../server/gateway/app';
import { createGatewayDeps } from '../../server/gateway/create-gateway-deps';
import { createSpeechService } from '../../server/gateway/speech/speech-service';

const [dataDir, taskId = 'Service_AI_none'] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: restart-probe <dataDir> [taskId]');
const started = performance.now();
const deps = await createGatewayDeps({
  dataDir,
  tokens: ['bench'],
  statusAuth: 'optional',
  emulator: true,
  speech: createSpeechService({ dataDir }),
});
const openMs = performance.now() - started;
const api = new Hono().route('/api', createGatewayApp(deps));
const res = await api.request('/api/textRemoval/taskStatus', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'X-User-Id': '1' },
  body: JSON.stringify({ taskIds: [taskId] }),
});
const found = ((await res.json()) as { data: unknown[] }).data.length;
const firstAnswerMs = performance.now() - started;
process.stdout.write(JSON.stringify({ openMs, firstAnswerMs, found, rssMb: process.memoryUsage().rss / 2 ** 20 }) + '\n');
await deps.close();
process.exit(0);

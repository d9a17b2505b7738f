export type Profile = {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  startTime?: number;
  samples?: number[];
  timeDeltas?: number[];
};

/** The functions with the most self time in a CDP CPU profile (BENCH_PROFILE=1), to find what an update costs. */
export function printProfile({ nodes, samples = [], timeDeltas = [] }: Profile, top = 15): void {
  const byId = new Map(nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  samples.forEach((id, i) => {
    const f = byId.get(id)!;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (timeDeltas[i] ?? 0) / 1000);
  });
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${k}`);
}

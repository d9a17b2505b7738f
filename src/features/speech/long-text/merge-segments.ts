import { speechSegmentSchema } from '@/contract';

/** Every part's segments on the joined audio's clock: times shifted by the part's start, indexes running on. */
export function mergeSegments(parts: { speeches: readonly unknown[]; startMs: number }[]): unknown[] {
  const out: unknown[] = [];
  for (const { speeches, startMs } of parts) {
    for (const raw of speeches) {
      const parsed = speechSegmentSchema.safeParse(raw);
      // Shapes the console does not know are kept as they came (the list shows them as key/value pairs).
      if (!parsed.success) out.push(raw);
      else out.push({ ...parsed.data, index: out.length, startMs: parsed.data.startMs + startMs, endMs: parsed.data.endMs + startMs });
    }
  }
  return out;
}

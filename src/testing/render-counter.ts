/**
 * Which components rendered in each React commit, by reading the fiber tree as React's own developer tools do: a
 * component ran in a commit when its fiber's props or hook state are other objects than at the last look (a function
 * that runs gets new hook objects; a memo that bails out keeps both). Deterministic work counts for tests that must
 * not time anything (the dashboard's poll-update guard). Reads React internals (`__reactContainer$…`, `memoizedProps`,
 * `memoizedState`, `child`, `sibling`, `tag`): a React upgrade that renames them fails the test that uses this, loudly.
 */

type Fiber = {
  tag: number;
  type: unknown;
  memoizedProps: unknown;
  memoizedState: unknown;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
  stateNode: unknown;
};

/** Function, class, forwardRef and simple-memo components (a memo with a compare function is its inner function's fiber). */
const COMPONENT_TAGS = new Set([0, 1, 11, 15]);

/** `mounted`: the component's first render (a fiber not seen at the last look: made in this commit). */
export type Render = { name: string; props: Record<string, unknown>; mounted: boolean };

function nameOf(type: unknown): string {
  if (typeof type === 'function') return (type as { displayName?: string }).displayName || type.name || '(anonymous)';
  if (type && typeof type === 'object') {
    const inner = (type as { render?: unknown; type?: unknown }).render ?? (type as { type?: unknown }).type;
    return nameOf(inner);
  }
  return '(unknown)';
}

/**
 * Follows the React root rendered into `container`. Call `commit()` from a `<Profiler onRender>` around the tree (React
 * calls it once per commit, with the new tree current): each call records the components that rendered in that commit.
 * `take()` returns what was recorded since the last take, and starts again.
 */
export function createRenderCounter(container: Element) {
  const seen = new WeakMap<Fiber, { props: unknown; state: unknown }>();
  let commits = 0;
  let renders: Render[] = [];

  const hostRoot = (): Fiber => {
    const key = Object.keys(container).find((k) => k.startsWith('__reactContainer$'));
    if (!key) throw new Error('no React root in this container (React internals renamed?)');
    const fiber = (container as unknown as Record<string, Fiber>)[key]!;
    return (fiber.stateNode as { current: Fiber }).current;
  };

  const walk = (root: Fiber, record: boolean) => {
    const stack: Fiber[] = [root];
    while (stack.length) {
      const fiber = stack.pop()!;
      if (COMPONENT_TAGS.has(fiber.tag)) {
        const last = seen.get(fiber) ?? (fiber.alternate ? seen.get(fiber.alternate) : undefined);
        if (record && (!last || last.props !== fiber.memoizedProps || last.state !== fiber.memoizedState))
          renders.push({ name: nameOf(fiber.type), props: (fiber.memoizedProps ?? {}) as Record<string, unknown>, mounted: !last });
        const now = { props: fiber.memoizedProps, state: fiber.memoizedState };
        seen.set(fiber, now);
        if (fiber.alternate) seen.set(fiber.alternate, now);
      }
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
  };

  return {
    /** From the Profiler's onRender: this commit's renders are recorded. */
    commit() {
      commits++;
      walk(hostRoot(), true);
    },
    /** The tree as it is now becomes the baseline (nothing recorded). */
    settle() {
      walk(hostRoot(), false);
      commits = 0;
      renders = [];
    },
    take(): { commits: number; renders: Render[] } {
      const out = { commits, renders };
      commits = 0;
      renders = [];
      return out;
    },
  };
}

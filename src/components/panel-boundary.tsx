import { Component, createRef, Fragment, useLayoutEffect, type ErrorInfo, type FocusEvent, type ReactNode, type RefObject } from 'react';
import { useT } from '@/hooks/use-t';
import { isCodeNotLoaded } from '@/lib/code-not-loaded';
import { setAside, shortReason, type StoredValue } from '@/lib/set-aside';
import { operatorInputs } from '@/lib/operator-inputs';
import styles from './panel-boundary.module.css';

type Props = {
  /** The panel's name in the operator's words ("Charts", "History"): the alert says which panel stopped. */
  name: string;
  /** The stored values this panel reads as it starts: set aside when it fails before the operator touched it. */
  stored?: readonly StoredValue[];
  children: ReactNode;
};
type State = { error: Error | null; attempt: number };

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** Renders nothing; its layout effect runs only when every sibling before it committed. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useLayoutEffect(onCommit, [onCommit]);
  return null;
}

type FailureProps = { name: string; error: Error; codeNotLoaded: boolean; onAct: () => void; button: RefObject<HTMLButtonElement | null> };

/** What a stopped panel shows, in the operator's language (again on a switch). */
function PanelFailure({ name, error, codeNotLoaded, onAct, button }: FailureProps) {
  const t = useT();
  return (
    <div role="alert" className="alert alert-error">
      <p className="alert-title">{t('common.panel.failed', { panel: name })}</p>
      <p className="alert-detail">{shortReason(error.message)}</p>
      <p className="alert-next">{t(codeNotLoaded ? 'common.panel.codeNotLoaded' : 'common.panel.rest')}</p>
      <button type="button" ref={button} onClick={onAct}>
        {t(codeNotLoaded ? 'common.crash.reload' : 'common.actions.tryAgain')}
      </button>
    </div>
  );
}

/**
 * One panel's error boundary: a panel that throws shows which panel stopped and why, with "Try
 * again" (a fresh mount), and the rest of the page keeps working. A chunk of the console's code that
 * did not load offers "Reload the page" instead (trying again in place gives the same error).
 *
 * A stored value must not keep a page broken: when the panel fails as it starts (its first render,
 * or before the operator pressed a key or pointer since it mounted) and it names `stored` values,
 * the first that holds something is set aside (lib/set-aside.ts: kept for export, reset to its
 * default) and the panel starts again without it; failing again as it starts, the next one goes,
 * each value once. The shell's notice says what was set aside.
 */
export class PanelBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };
  private committed = false;
  private inputsAtStart = operatorInputs();
  /** The next of `stored` to set aside: each is tried once, one at a time, so only the one to blame goes. */
  private nextStored = 0;
  private focusInside = false;
  private refocus = false;
  private readonly root = createRef<HTMLDivElement>();
  private readonly button = createRef<HTMLButtonElement>();

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`The panel "${this.props.name}" failed to render`, error, info.componentStack);
    const asStarted = !this.committed || operatorInputs() === this.inputsAtStart;
    if (asStarted && !isCodeNotLoaded(error)) void this.setAsideNext(error instanceof Error ? error.message : String(error));
  }

  /** Sets aside the next stored value that holds something and starts the panel again without it. */
  private async setAsideNext(reason: string): Promise<void> {
    const stored = this.props.stored ?? [];
    while (this.nextStored < stored.length) {
      const made = await setAside([stored[this.nextStored++]!], reason);
      if (made.length > 0) return this.retry(false);
    }
  }

  override componentDidUpdate(_: Props, previous: State): void {
    const { error } = this.state;
    // Focus was in the panel when it stopped (its elements are gone): it waits on "Try again", not on the page's body.
    if (error && !previous.error && this.focusInside && isFocusLost()) this.button.current?.focus();
    if (!error && previous.error && this.refocus) {
      this.refocus = false;
      const first = this.root.current?.querySelector<HTMLElement>(FOCUSABLE);
      (first ?? document.getElementById('main'))?.focus();
    }
  }

  private readonly onCommit = () => {
    this.committed = true;
  };

  private readonly onFocus = () => {
    this.focusInside = true;
  };

  private readonly onBlur = (event: FocusEvent) => {
    if (!this.root.current?.contains(event.relatedTarget as Node | null)) this.focusInside = false;
  };

  private retry(byOperator: boolean): void {
    this.committed = false;
    this.inputsAtStart = operatorInputs();
    this.refocus = byOperator;
    this.focusInside = false;
    this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));
  }

  override render() {
    const { error, attempt } = this.state;
    if (error) {
      const codeNotLoaded = isCodeNotLoaded(error);
      const act = codeNotLoaded ? () => window.location.reload() : () => this.retry(true);
      return <PanelFailure name={this.props.name} error={error} codeNotLoaded={codeNotLoaded} onAct={act} button={this.button} />;
    }
    return (
      <div ref={this.root} className={styles.panel} onFocus={this.onFocus} onBlur={this.onBlur}>
        <Fragment key={attempt}>
          {this.props.children}
          <Committed onCommit={this.onCommit} />
        </Fragment>
      </div>
    );
  }
}

const isFocusLost = () => document.activeElement === null || document.activeElement === document.body;

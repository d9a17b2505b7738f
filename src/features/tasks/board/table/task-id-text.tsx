import styles from '../board.module.css';

/** Characters of the end always shown: IDs differ at the end (Service_AI_mwwmze89_c0304e447ca4159ff1b4aca9). */
const KEPT_END = 12;

/**
 * A task ID that, when the cell is too narrow (a phone's card), is cut in the middle: the start gives
 * way (…) and the distinguishing end stays. The full ID is the control's name and title.
 */
export function TaskIdText({ id }: { id: string }) {
  const cut = Math.max(0, id.length - KEPT_END);
  return (
    <code className={styles.idText}>
      <span className={styles.idStart}>{id.slice(0, cut)}</span>
      <span className={styles.idEnd}>{id.slice(cut)}</span>
    </code>
  );
}
